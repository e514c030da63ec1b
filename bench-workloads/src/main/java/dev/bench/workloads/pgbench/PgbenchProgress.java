package dev.bench.workloads.pgbench;

import dev.bench.core.metrics.IntervalListener;
import dev.bench.core.metrics.IntervalSnapshot;
import dev.bench.core.metrics.KindStats;
import dev.bench.core.metrics.RunInfo;
import org.HdrHistogram.Histogram;

import java.io.PrintWriter;
import java.util.Locale;

/**
 * pgbench's -P lines on stderr: {@code progress: 5.0 s, 812.3 tps, lat 1.231 ms stddev 0.402, 0 failed}
 * (with -R also {@code , lag 0.051 ms}), every -P seconds, from the engine's intervals.
 */
final class PgbenchProgress implements IntervalListener {

    private final PrintWriter err;
    private final double everySeconds;
    private final boolean rate;
    private long startNanos = -1;
    private double pendingSeconds;
    private long completed;
    private long failed;
    private Histogram latency;
    private Histogram service;

    PgbenchProgress(PrintWriter err, double everySeconds, boolean rate) {
        this.err = err;
        this.everySeconds = everySeconds;
        this.rate = rate;
    }

    @Override
    public void onStart(RunInfo info) {
    }

    @Override
    public void onInterval(IntervalSnapshot interval) {
        if (interval.warmup()) {
            return; // pgbench's clock starts with the measured run
        }
        if (startNanos < 0) {
            startNanos = interval.startNanos();
        }
        for (KindStats k : interval.kinds()) {
            completed += k.completed();
            failed += k.outcomes().failed();
            latency = add(latency, k.sojourn());
            service = add(service, k.service());
        }
        pendingSeconds += interval.seconds();
        if (pendingSeconds + 1e-6 < everySeconds) {
            return;
        }
        double at = (interval.endNanos() - startNanos) / 1e9;
        StringBuilder line = new StringBuilder(String.format(Locale.ROOT, "progress: %.1f s, %.1f tps, lat %.3f ms stddev %.3f, %d failed",
                at, completed / pendingSeconds, mean(latency) / 1e6, latency == null ? 0 : latency.getStdDeviation() / 1e6, failed));
        if (rate) {
            line.append(String.format(Locale.ROOT, ", lag %.3f ms", (mean(latency) - mean(service)) / 1e6));
        }
        err.println(line);
        err.flush();
        pendingSeconds = 0;
        completed = 0;
        failed = 0;
        latency = null;
        service = null;
    }

    private static Histogram add(Histogram sum, Histogram h) {
        if (sum == null) {
            return h.copy();
        }
        sum.add(h);
        return sum;
    }

    private static double mean(Histogram h) {
        return h == null || h.getTotalCount() == 0 ? 0 : h.getMean();
    }
}
