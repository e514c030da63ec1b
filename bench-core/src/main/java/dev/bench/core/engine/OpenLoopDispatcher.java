package dev.bench.core.engine;

import dev.bench.core.Arrivals;
import dev.bench.core.Batch;
import dev.bench.core.OpKind;
import dev.bench.core.Schedule;

import java.util.ArrayList;
import java.util.List;
import java.util.function.BooleanSupplier;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;

/**
 * One shared queue of due ops served by any free worker (M/G/N), never a per-thread schedule.
 *
 * <p>The queue holds no entries: the backlog is just the distance between each kind's next unclaimed
 * arrival and now, so an overloaded backend costs no memory per waiting op. A worker claims the kind
 * whose next arrival is earliest and takes every due op of that kind, up to the kind's batch bound:
 * batches grow by themselves when the backend falls behind and stay at one op when it keeps up.
 *
 * <p>A free worker claims the earliest unclaimed arrival even before it is due and waits for it on its
 * own, outside the lock: each op costs its worker one wake-up, and no worker wakes another to take over
 * the wait (with the head claimer waiting under the lock, every op cost two: its timer's and the
 * hand-off to the next claimer queued on the lock). It is still one FCFS queue: a worker holds at most
 * one claim ahead, claims are handed out in arrival order, so an op no idle worker holds is one that
 * arrived when every worker was busy or held an earlier op, and it waits for the first to free up.
 * A claim ahead given up because the run stopped goes back to the ops never taken ({@link #abandon}).
 *
 * <p>Threading: {@link #claim} serialises claimers on one lock, held only to take ops. {@link #lagNanos}
 * reads a volatile and never takes the lock.
 */
final class OpenLoopDispatcher implements Dispatcher {

    private final ReentrantLock lock = new ReentrantLock();
    /** How a claimer waits for the op it claimed ahead. */
    private final Pacer pacer;
    private final ArrivalStream[] streams;
    private final int[] maxBatch;
    private final long windowStartNanos;
    private final long endNanos;
    private final long[] claimedInWindow;
    /**
     * By {@link Batch#phase}: ops still to hand out. Warmup's is Long.MAX_VALUE; the window's is what a count
     * leaves, else Long.MAX_VALUE. An array so that an op's phase is an index, not a branch (Batch.phaseOf).
     */
    private final long[] remaining = {Long.MAX_VALUE, Long.MAX_VALUE};
    private volatile long lastIntendedInWindowNanos;
    private volatile boolean stopped;
    /** Intended start of the earliest unclaimed op; Long.MAX_VALUE when the schedule is exhausted. */
    private volatile long oldestUnclaimedNanos;
    private final BooleanSupplier isStopped = () -> stopped;
    /** Measured ops claimed ahead and given up when the run stopped: {kind, intended}; under the lock, rare. */
    private final List<long[]> abandoned = new ArrayList<>();

    /** Every kind at its weight's share of {@code schedule}; a claimer parks until its op is due. */
    OpenLoopDispatcher(List<OpKind> kinds, Schedule schedule, Arrivals arrivals, long seed,
                       long startNanos, long windowStartNanos, long endNanos, long maxOps) {
        this(kinds, schedule, null, arrivals, seed, startNanos, windowStartNanos, endNanos, maxOps, new Pacer(0));
    }

    /**
     * @param schedule         the offered rate from {@code startNanos} on (warmup included), all kinds together
     * @param kindSchedules    each kind's own rate instead (a mix per segment; null for a kind that has no share), or null
     * @param startNanos       first arrivals are scheduled from here
     * @param windowStartNanos ops intended from here on are measured
     * @param endNanos         no op is scheduled at or after this
     * @param maxOps           no more than this many ops intended in the window are scheduled; 0: no limit
     * @param pacer            how a claimer waits for the op it claimed ahead ({@link Pacer}); shared by the claimers
     */
    OpenLoopDispatcher(List<OpKind> kinds, Schedule schedule, Schedule[] kindSchedules, Arrivals arrivals, long seed,
                       long startNanos, long windowStartNanos, long endNanos, long maxOps, Pacer pacer) {
        this.pacer = pacer;
        double totalWeight = kinds.stream().mapToDouble(OpKind::weight).sum();
        List<ArrivalStream> active = new ArrayList<>();
        this.maxBatch = new int[kinds.size()];
        for (int k = 0; k < kinds.size(); k++) {
            OpKind kind = kinds.get(k);
            maxBatch[k] = kind.maxBatch();
            if (kindSchedules != null) {
                if (kindSchedules[k] != null) {
                    active.add(new ArrivalStream(k, 1, kindSchedules[k], arrivals, seed, startNanos));
                }
            } else if (kind.weight() > 0) {
                active.add(new ArrivalStream(k, kind.weight() / totalWeight, schedule, arrivals, seed, startNanos));
            }
        }
        this.streams = active.toArray(new ArrivalStream[0]);
        this.windowStartNanos = windowStartNanos;
        this.endNanos = endNanos;
        this.claimedInWindow = new long[kinds.size()];
        this.remaining[Batch.MEASURED] = maxOps > 0 ? maxOps : Long.MAX_VALUE;
        this.oldestUnclaimedNanos = earliest().nextNanos;
    }

    /** Takes the earliest unclaimed op (every due one of its kind, up to the batch bound), then waits until it is due. */
    @Override
    public boolean claim(Batch batch) {
        long due;
        lock.lock();
        try {
            if (stopped) {
                return false;
            }
            ArrivalStream head = earliest();
            if (exhausted(head)) {
                oldestUnclaimedNanos = Long.MAX_VALUE;
                return false;
            }
            due = head.nextNanos;
            take(head, batch, Math.min(maxBatch[head.kind], batch.capacity()), System.nanoTime());
            ArrivalStream next = earliest();
            oldestUnclaimedNanos = exhausted(next) ? Long.MAX_VALUE : next.nextNanos;
        } finally {
            lock.unlock();
        }
        if (pacer.awaitUntil(due, isStopped)) {
            return true;
        }
        abandon(batch);
        return false;
    }

    /** A claim given up before it was due (the run stopped): its ops go back to those never taken. */
    private void abandon(Batch batch) {
        lock.lock();
        try {
            for (int i = 0; i < batch.size(); i++) {
                int phase = batch.phase(i);
                claimedInWindow[batch.kind()] -= phase;
                remaining[phase]++;
                if (phase == Batch.MEASURED) {
                    abandoned.add(new long[] {batch.kind(), batch.intendedNanos(i)});
                }
            }
        } finally {
            lock.unlock();
        }
    }

    /** Counts each op into its phase without a branch on it (see Batch.phaseOf). */
    private void take(ArrivalStream stream, Batch batch, int limit, long now) {
        batch.clear(stream.kind);
        do {
            long intended = stream.nextNanos;
            int phase = Batch.phaseOf(intended, windowStartNanos);
            batch.add(stream.index, intended);
            claimedInWindow[stream.kind] += phase;
            remaining[phase]--;
            long last = lastIntendedInWindowNanos;
            lastIntendedInWindowNanos = last + ((intended - last) & -(long) phase); // intended, in the window
            stream.advance();
        } while (batch.size() < limit && stream.nextNanos <= now && !exhausted(stream));
    }

    /** Whether this stream's next op is past the schedule: after the end time or the schedule's end, or beyond the op count. */
    private boolean exhausted(ArrivalStream stream) {
        return stream.nextNanos >= endNanos || stream.nextNanos == ArrivalStream.NEVER
                || remaining[Batch.phaseOf(stream.nextNanos, windowStartNanos)] == 0;
    }

    private ArrivalStream earliest() {
        ArrivalStream best = streams[0];
        for (int i = 1; i < streams.length; i++) {
            if (streams[i].nextNanos < best.nextNanos) {
                best = streams[i];
            }
        }
        return best;
    }

    @Override
    public void stop() {
        stopped = true;
    }

    @Override
    public long lagNanos(long nowNanos) {
        return Math.max(0, nowNanos - oldestUnclaimedNanos);
    }

    /**
     * Counts the due ops from the schedule's integral ({@link ArrivalStream#arrivalsBetween}): O(kinds)
     * however long the queue. Takes the lock only when some op is due: then no claimer is pacing under
     * it (a claimer paces only while the head is in the future), so the wait for it is one claim's
     * length at most.
     */
    @Override
    public long waitingOps(long nowNanos) {
        while (oldestUnclaimedNanos <= nowNanos) {
            try {
                if (!lock.tryLock(100, TimeUnit.MICROSECONDS)) {
                    continue;
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return 0;
            }
            try {
                long due = Math.min(endNanos, nowNanos + 1); // due: intended at or before now
                long warmup = 0;
                long inWindow = 0;
                for (ArrivalStream s : streams) {
                    warmup += s.arrivalsBetween(Long.MIN_VALUE, Math.min(due, windowStartNanos));
                    inWindow += s.arrivalsBetween(windowStartNanos, due);
                }
                return warmup + Math.min(inWindow, remaining[Batch.MEASURED]);
            } finally {
                lock.unlock();
            }
        }
        return 0;
    }

    @Override
    public long lastIntendedInWindowNanos() {
        return lastIntendedInWindowNanos;
    }

    /**
     * Ops handed out in the window, plus those the schedule offered before {@code untilNanos} that no
     * worker took (a stop, an overload): counted from the schedule's integral, O(kinds). With an op
     * count, the unclaimed ones are capped at what the count left, shared in proportion to each kind's.
     */
    @Override
    public long[] generatedInWindow(long untilNanos) {
        lock.lock();
        try {
            long[] generated = claimedInWindow.clone();
            long until = Math.min(untilNanos, endNanos);
            long[] unclaimed = new long[generated.length];
            long total = 0;
            for (ArrivalStream s : streams) {
                unclaimed[s.kind] = s.arrivalsBetween(windowStartNanos, until);
            }
            for (long[] op : abandoned) {
                unclaimed[(int) op[0]] += op[1] < until ? 1 : 0;
            }
            for (long n : unclaimed) {
                total += n;
            }
            long[] allowed = total <= remaining[Batch.MEASURED] ? unclaimed : shareOf(remaining[Batch.MEASURED], unclaimed, total);
            if (total > 0 && total >= remaining[Batch.MEASURED]) {
                // the count ended the window where the schedule reached it: its last op, though never claimed
                lastIntendedInWindowNanos = Math.max(lastIntendedInWindowNanos, whenUnclaimedReach(remaining[Batch.MEASURED], until));
            }
            for (int k = 0; k < generated.length; k++) {
                generated[k] += allowed[k];
            }
            return generated;
        } finally {
            lock.unlock();
        }
    }

    /**
     * The earliest time by which the unclaimed arrivals in the window number {@code count} (< those before
     * {@code until}): a bisection over the closed-form counts, so O(kinds x 64) whatever the backlog.
     */
    private long whenUnclaimedReach(long count, long until) {
        long low = windowStartNanos;
        long high = until;
        while (high - low > 1) {
            long mid = low + (high - low) / 2;
            long arrived = 0;
            for (ArrivalStream s : streams) {
                arrived += s.arrivalsBetween(windowStartNanos, mid);
            }
            if (arrived >= count) {
                high = mid;
            } else {
                low = mid;
            }
        }
        return high;
    }

    /** {@code cap} split in proportion to {@code counts} (which sum to {@code total} > cap), the remainder to the first kinds. */
    private static long[] shareOf(long cap, long[] counts, long total) {
        long[] shares = new long[counts.length];
        long given = 0;
        for (int k = 0; k < counts.length; k++) {
            shares[k] = (long) ((double) counts[k] / total * cap);
            given += shares[k];
        }
        for (int k = 0; given < cap; k = (k + 1) % counts.length) {
            if (shares[k] < counts[k]) {
                shares[k]++;
                given++;
            }
        }
        return shares;
    }
}
