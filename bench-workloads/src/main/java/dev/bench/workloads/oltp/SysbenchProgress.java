package dev.bench.workloads.oltp;

import dev.bench.core.metrics.IntervalListener;
import dev.bench.core.metrics.IntervalSnapshot;
import dev.bench.core.metrics.KindStats;
import dev.bench.core.metrics.RunInfo;

import java.io.PrintWriter;

/**
 * sysbench's intermediate reports ({@code --report-interval}): one line per interval with rates since
 * the previous line, and in rate mode a second line with the queue length and the busy workers.
 *
 * <p>Threading: called by the engine's one reporting thread; reads the thread-safe counters.
 */
public final class SysbenchProgress implements IntervalListener {

    private final PrintWriter out;
    private final QueryCounters counters;
    private final int threads;
    private final int percentile;
    private final boolean rateMode;
    private QueryCounts previous = QueryCounts.ZERO;
    private long fullIntervalNanos;

    public SysbenchProgress(PrintWriter out, QueryCounters counters, int threads, int percentile, boolean rateMode) {
        this.out = out;
        this.counters = counters;
        this.threads = threads;
        this.percentile = percentile;
        this.rateMode = rateMode;
    }

    @Override
    public void onStart(RunInfo info) {
        fullIntervalNanos = info.config().reportInterval().toNanos();
    }

    @Override
    public void onInterval(IntervalSnapshot interval) {
        if (interval.warmup()) {
            return; // --warmup-time: left out of every figure, the statement counts too
        }
        if (interval.endNanos() - interval.startNanos() < fullIntervalNanos * 9 / 10) {
            return; // the drain's last sliver: sysbench prints whole intervals only (the final report has it all)
        }
        QueryCounts now = counters.snapshot();
        QueryCounts delta = now.minus(previous);
        previous = now;
        KindStats tx = interval.kinds().get(0);
        long at = Math.round(interval.endNanos() / 1e9);
        double seconds = Math.max(interval.seconds(), 1e-3);
        out.println(SysbenchReport.intervalLine(at, threads, tx.completed(), delta, tx.outcomes().reconnects(),
                percentile, SysbenchReport.percentileMs(tx.sojourn(), percentile), seconds));
        if (rateMode) {
            out.println(SysbenchReport.queueLine(at, interval.waitingOps(), interval.busyWorkers()));
        }
        out.flush();
    }
}
