package dev.bench.core.metrics;

import java.util.List;

/**
 * What happened during one report interval. Times are relative to the start of the measured window
 * (negative during warmup).
 *
 * <p>The histograms are reused for the next interval: a listener copies what it keeps.
 *
 * @param lagNanos how late the oldest waiting op was at the interval's end (open loop; 0 closed loop)
 */
public record IntervalSnapshot(long startNanos, long endNanos, boolean warmup, long lagNanos,
                               List<KindStats> kinds) {

    public double seconds() {
        return (endNanos - startNanos) / 1e9;
    }

    public long completed() {
        return kinds.stream().mapToLong(KindStats::completed).sum();
    }
}
