package dev.bench.workloads.sysbench;

import dev.bench.core.RunConfig;
import dev.bench.core.metrics.IntervalListener;
import dev.bench.core.metrics.IntervalSnapshot;
import dev.bench.core.metrics.KindStats;
import dev.bench.core.metrics.RunInfo;
import org.HdrHistogram.Histogram;

import java.io.PrintWriter;
import java.util.List;

/**
 * sysbench's lines on stdout while it runs: its header when the run starts, then with
 * {@code --report-interval} one line per interval with rates since the previous line, and in rate mode a
 * second line with the queue length and the busy workers, each in the test's format
 * ({@link SysbenchTestFormat}). Warmup intervals print nothing (the warmup
 * rule), nor does the drain's last sliver: sysbench prints whole intervals only (the final report has it all).
 * With --report-checkpoints, each checkpoint's report comes after the line of the interval that reaches it.
 *
 * <p>Threading: called by the engine's one reporting thread; reads the thread-safe counters.
 */
public final class SysbenchIntervalLines implements IntervalListener {

    private final PrintWriter out;
    private final QueryCounters counters;
    private final String header;
    private final SysbenchCheckpoints checkpoints;
    private final SysbenchTestFormat format;
    private final int threads;
    private final int percentile;
    private final boolean rateMode;
    private final long everyNanos;
    private final Histogram latency = new Histogram(3);
    private QueryCounts previous = QueryCounts.ZERO;
    private long events;
    private long retries;
    private long reconnects;
    private long sinceNanos;

    /**
     * @param banner                the header's first line
     * @param reportIntervalSeconds sysbench's --report-interval; 0: the header only
     */
    public SysbenchIntervalLines(PrintWriter out, QueryCounters counters, String banner, RunConfig config,
                                 double reportIntervalSeconds, int percentile) {
        this(out, counters, banner, config, reportIntervalSeconds, percentile, false);
    }

    /** @param clockSeeded the seed came from the clock: sysbench's header says "from current time" */
    public SysbenchIntervalLines(PrintWriter out, QueryCounters counters, String banner, RunConfig config,
                                 double reportIntervalSeconds, int percentile, boolean clockSeeded) {
        this(out, counters, banner, config, reportIntervalSeconds, percentile, clockSeeded, null);
    }

    /** @param checkpoints --report-checkpoints' reports, printed as the run reaches them; null for none */
    public SysbenchIntervalLines(PrintWriter out, QueryCounters counters, String banner, RunConfig config,
                                 double reportIntervalSeconds, int percentile, boolean clockSeeded,
                                 SysbenchCheckpoints checkpoints) {
        this(out, counters, banner, config, reportIntervalSeconds, percentile, clockSeeded, checkpoints,
                SysbenchTestFormat.SCRIPTS);
    }

    /** @param format the test's own lines: the scripts' ({@link SysbenchTestFormat#SCRIPTS}) or a built-in test's */
    public SysbenchIntervalLines(PrintWriter out, QueryCounters counters, String banner, RunConfig config,
                                 double reportIntervalSeconds, int percentile, boolean clockSeeded,
                                 SysbenchCheckpoints checkpoints, SysbenchTestFormat format) {
        this.out = out;
        this.counters = counters;
        this.checkpoints = checkpoints;
        this.format = format;
        if (checkpoints != null) {
            checkpoints.alignTo(config.reportInterval());
        }
        this.header = SysbenchReport.header(banner, config, reportIntervalSeconds,
                checkpoints == null ? List.of() : checkpoints.seconds(), clockSeeded, format.modeLines());
        this.threads = config.threads();
        this.percentile = percentile;
        this.rateMode = config.isOpenLoop();
        this.everyNanos = Math.round(reportIntervalSeconds * 1e9);
    }

    @Override
    public void onStart(RunInfo info) {
        out.print(header);
        out.flush();
    }

    @Override
    public void onInterval(IntervalSnapshot interval) {
        if (interval.warmup()) {
            return;
        }
        List<SysbenchCheckpoints.Reached> reached = checkpoints == null ? List.of()
                : checkpoints.reach(interval.kinds(), interval.endNanos() / 1e9);
        lineFor(interval);
        if (checkpoints != null) {
            checkpoints.print(reached, out);
        }
    }

    private void lineFor(IntervalSnapshot interval) {
        if (everyNanos == 0) {
            return;
        }
        for (KindStats k : interval.kinds()) {
            latency.add(k.sojourn());
            events += k.completed();
            retries += k.outcomes().retries();
            reconnects += k.outcomes().reconnects();
        }
        sinceNanos += interval.endNanos() - interval.startNanos();
        if (sinceNanos + everyNanos / 100 < everyNanos) {
            return;
        }
        QueryCounts now = counters.snapshot();
        QueryCounts delta = now.minus(previous);
        previous = now;
        long at = Math.round(interval.endNanos() / 1e9);
        out.println(format.intervalLine(at, threads, events, delta, retries, reconnects, percentile,
                SysbenchReport.percentileMs(latency, percentile), Math.max(sinceNanos / 1e9, 1e-3)));
        if (rateMode) {
            out.println(format.queueLine(at, interval.waitingOps(), interval.busyWorkers()));
        }
        out.flush();
        events = 0;
        retries = 0;
        reconnects = 0;
        sinceNanos = 0;
        latency.reset();
    }
}
