package dev.bench.core.metrics;

import java.util.List;

/**
 * What happened during one report interval. Times are relative to the start of the measured window
 * (negative during warmup).
 *
 * <p>The histograms are reused for the next interval: a listener copies what it keeps.
 *
 * @param lagNanos    how late the oldest waiting op was at the interval's end (open loop; 0 closed loop)
 * @param waitingOps  ops due but not yet taken by a worker at the interval's end (sysbench's "queue
 *                    length"; open loop; 0 closed loop)
 * @param busyWorkers workers serving a batch at the interval's end (sysbench's "concurrency")
 */
public record IntervalSnapshot(long startNanos, long endNanos, boolean warmup, long lagNanos,
                               List<KindStats> kinds, long waitingOps, int busyWorkers) {

    /** Without the queue gauges (they are 0). */
    public IntervalSnapshot(long startNanos, long endNanos, boolean warmup, long lagNanos, List<KindStats> kinds) {
        this(startNanos, endNanos, warmup, lagNanos, kinds, 0, 0);
    }

    /** The same interval with the queue gauges read at its end. */
    public IntervalSnapshot withQueue(long waiting, int busy) {
        return new IntervalSnapshot(startNanos, endNanos, warmup, lagNanos, kinds, waiting, busy);
    }

    public double seconds() {
        return (endNanos - startNanos) / 1e9;
    }

    public long completed() {
        return kinds.stream().mapToLong(KindStats::completed).sum();
    }

    /** Whether anything was recorded: an op completed, failed, retried or reconnected. */
    public boolean isEmpty() {
        return kinds.stream().allMatch(k -> k.completed() == 0 && k.outcomes().failed() == 0
                && k.outcomes().retries() == 0 && k.outcomes().reconnects() == 0);
    }
}
