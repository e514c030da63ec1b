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
    /** The schedule segment {@link #count} falls in: arrivals only move forward, so no search. */
    private int segment;
    /** The schedule's count at the end of {@link #segment}, kept so most arrivals compare one field. */
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
        this.segmentEndCount = schedule.countAtEnd(0);
        this.arrivals = arrivals;
        this.random = new SplitMix64(SplitMix64.seedFor(seed, kind, -1));
        this.startNanos = startNanos;
        this.count = arrivals == Arrivals.POISSON ? gap() : 0;
        place();
    }

    /** A copy in the same state, to look ahead in the schedule without moving this stream. */
    ArrivalStream(ArrivalStream other) {
        this.kind = other.kind;
        this.perShare = other.perShare;
        this.segmentEndCount = other.segmentEndCount;
        this.schedule = other.schedule;
        this.arrivals = other.arrivals;
        this.random = other.random.copy();
        this.startNanos = other.startNanos;
        this.count = other.count;
        this.segment = other.segment;
        this.index = other.index;
        this.nextNanos = other.nextNanos;
    }

    void advance() {
        index++;
        count += gap();
        place();
    }

    private void place() {
        if (count >= segmentEndCount) {
            int last = schedule.segmentCount() - 1;
            while (segment < last && count >= schedule.countAtEnd(segment)) {
                segment++;
            }
            segmentEndCount = schedule.countAtEnd(segment);
            if (count >= segmentEndCount) {
                nextNanos = NEVER;
                return;
            }
        }
        nextNanos = startNanos + (long) (schedule.secondsAt(segment, count) * 1e9);
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
