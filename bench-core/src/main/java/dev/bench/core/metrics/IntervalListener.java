package dev.bench.core.metrics;

/**
 * Receives live progress: console lines, CSV rows, HdrHistogram log entries, a workload's own
 * interval format (sysbench's {@code [ 10s ] thds: ...}).
 *
 * <p>Threading: all calls come from the one reporting thread, in order.
 */
public interface IntervalListener {

    default void onStart(RunInfo info) {
    }

    void onInterval(IntervalSnapshot interval);

    default void onEnd(RunResult result) {
    }
}
