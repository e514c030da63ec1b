package dev.bench.core.engine;

import dev.bench.core.Arrivals;
import dev.bench.core.Schedule;
import dev.bench.core.random.SplitMix64;

/**
 * The arrival times of one op kind: a seeded sequence following its share of a {@link Schedule}.
 *
 * <p>Each kind gets its own stream. Splitting a Poisson process of rate R by independent coin flips of
 * probability w yields independent Poisson processes of rate w·R, so per-kind streams are the same
 * load as one mixed stream, while letting a worker take all due ops of one kind as a batch.
 *
 * <p>The stream counts in the schedule's expected ops: the next arrival is where the schedule's
 * integral reaches {@link #count}, which grows by an exponential gap (Poisson) or by one (uniform)
 * divided by the kind's share. A constant rate is the one-segment case, so a ramp or a spike costs the
 * same per arrival: no lookahead, no queue.
 *
 * <p>Not thread-safe: guarded by the dispatcher's lock.
 */
final class ArrivalStream {

    /** Past the schedule's end: far away, yet safe to add small offsets to (as the engine's unbounded end). */
    static final long NEVER = Long.MAX_VALUE / 4;

    final int kind;
    /** 1 / the kind's share of the rate: a multiply per arrival rather than a divide. */
    private final double perShare;
    private final Schedule schedule;
    private final Arrivals arrivals;
    private final SplitMix64 random;
    private final long startNanos;
    /** The schedule's expected op count at which the next arrival falls, in double so rounding never accumulates. */
    private double count;
    /**
     * The schedule segment {@link #count} falls in, or the first of a run of holds at one rate it falls in
     * ({@link Schedule#holdEnd}): arrivals only move forward, so no search.
     */
    private int segment;
    /**
     * The schedule's count at the end of that segment or run, kept so most arrivals compare one field. A run,
     * so that a warmup at the window's rate crosses no boundary at the window's start: crossing one is a
     * branch the warmup never took, which the JIT compiled as a trap (see Batch.phaseOf).
     */
    private double segmentEndCount;
    /** Index of the next arrival: 0, 1, 2, ... */
    long index;
    /** Intended start of the next arrival; {@link #NEVER} past the schedule's end. */
    long nextNanos;

    /** @param share this kind's fraction of the schedule's rate, > 0 */
    ArrivalStream(int kind, double share, Schedule schedule, Arrivals arrivals, long seed, long startNanos) {
        this.kind = kind;
        this.perShare = 1 / share;
        this.schedule = schedule;
        this.segmentEndCount = schedule.countAtEnd(schedule.holdEnd(0));
        this.arrivals = arrivals;
        this.random = new SplitMix64(SplitMix64.seedFor(seed, kind, -1));
        this.startNanos = startNanos;
        this.count = arrivals == Arrivals.POISSON ? gap() : 0;
        place();
    }

    void advance() {
        index++;
        count += gap();
        place();
    }

    private void place() {
        if (count >= segmentEndCount) {
            int last = schedule.segmentCount() - 1;
            int end = schedule.holdEnd(segment);
            while (end < last && count >= schedule.countAtEnd(end)) {
                segment = end + 1;
                end = schedule.holdEnd(segment);
            }
            segmentEndCount = schedule.countAtEnd(end);
            if (count >= segmentEndCount) {
                nextNanos = NEVER;
                return;
            }
        }
        nextNanos = startNanos + (long) (schedule.secondsAt(segment, count) * 1e9);
    }

    /**
     * How many of this stream's arrivals, from its next one on, fall in [{@code fromNanos}, {@code
     * untilNanos}), from the schedule's integral in closed form: the stream doesn't move, and the cost is
     * the same for a backlog of one op or of a billion. Uniform arrivals are counted exactly (up to one
     * at either edge, from rounding to whole nanoseconds); Poisson arrivals after the next one are the
     * expected count, rounded (the gaps not yet drawn have no other value to count).
     */
    long arrivalsBetween(long fromNanos, long untilNanos) {
        if (nextNanos >= untilNanos || fromNanos >= untilNanos) {
            return 0; // includes NEVER: past the schedule's end
        }
        double untilCount = countAt(untilNanos);
        if (arrivals == Arrivals.UNIFORM) {
            // arrivals sit at count, count + perShare, ...: those below x number ceil((x - count) / perShare)
            if (nextNanos >= fromNanos) {
                return Math.max(1, arrivalsBelow(untilCount)); // the next one is in, whatever the rounding
            }
            return Math.max(0, arrivalsBelow(untilCount) - arrivalsBelow(countAt(fromNanos)));
        }
        if (nextNanos >= fromNanos) {
            return 1 + Math.round(Math.max(0, untilCount - count) / perShare);
        }
        return Math.round(Math.max(0, untilCount - Math.max(count, countAt(fromNanos))) / perShare);
    }

    private long arrivalsBelow(double x) {
        return x <= count ? 0 : (long) Math.ceil((x - count) / perShare);
    }

    /** The schedule's expected op count at {@code nanos} (its integral from the start). */
    private double countAt(long nanos) {
        return schedule.count(0, Math.max(0, nanos - startNanos) / 1e9);
    }

    /** The step in expected ops of the whole schedule to this kind's next arrival. */
    private double gap() {
        if (arrivals == Arrivals.UNIFORM) {
            return perShare;
        }
        // 1 - u is in (0, 1]: log never sees 0
        return -Math.log(1.0 - random.nextDouble()) * perShare;
    }
}
