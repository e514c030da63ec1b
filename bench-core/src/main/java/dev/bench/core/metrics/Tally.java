package dev.bench.core.metrics;

import org.HdrHistogram.Histogram;

/**
 * What ops recorded together: their two latencies and their counts, kept as one unit so that an
 * interval holds all of an op's figures or none of them ({@link KindRecorder} swaps it whole).
 * Invariant: {@code completed == sojourn.getTotalCount() == service.getTotalCount()}.
 *
 * <p>Not thread-safe: its owner guards it (a phaser, a lock, or the one reporting thread).
 */
final class Tally {

    final Histogram sojourn = LatencyCollector.newHistogram();
    final Histogram service = LatencyCollector.newHistogram();
    long completed;
    /** Completed ops that were expected refusals (voter's over-limit vote). */
    long rejected;

    void record(long sojournNanos, long serviceNanos, boolean wasRejected) {
        sojourn.recordValue(sojournNanos);
        service.recordValue(serviceNanos);
        completed++;
        if (wasRejected) {
            rejected++;
        }
    }

    void add(Tally other) {
        sojourn.add(other.sojourn);
        service.add(other.service);
        completed += other.completed;
        rejected += other.rejected;
    }

    void reset() {
        sojourn.reset();
        service.reset();
        completed = 0;
        rejected = 0;
    }
}
