package dev.bench.workloads;

import dev.bench.core.metrics.RunResult;

/**
 * How long a phase actually measured, the one rule the origins' reports divide by (pgbench's tps,
 * sysbench's total time). A phase that ran to its end measured its window. One that stopped early
 * (Ctrl-C, --max-lag, calls abandoned) measured until the stop: no op starts after it, so the last
 * measured op's completion ({@code drainNanos}) marks it within the calls then in flight, and the
 * window is that when it is shorter (the engine shortens it to the stop itself).
 */
public final class MeasuredWindow {

    private MeasuredWindow() {
    }

    /** Nanoseconds measured: the window, or up to the stop when the phase ended early. */
    public static long nanos(RunResult result) {
        if (result.completedAsPlanned() || result.drainNanos() <= 0) {
            return result.windowNanos();
        }
        return Math.min(result.windowNanos(), result.drainNanos());
    }

    /** The measured nanoseconds, or until the last measured op completed when that is later. */
    public static long untilLastOpNanos(RunResult result) {
        return Math.max(nanos(result), result.drainNanos());
    }
}
