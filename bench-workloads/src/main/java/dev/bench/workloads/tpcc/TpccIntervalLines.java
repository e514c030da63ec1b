package dev.bench.workloads.tpcc;

import dev.bench.core.RunConfig;
import dev.bench.core.metrics.IntervalListener;
import dev.bench.core.metrics.IntervalSnapshot;
import dev.bench.core.metrics.KindStats;
import dev.bench.core.metrics.RunInfo;
import org.HdrHistogram.Histogram;

import dev.bench.workloads.oltp.QueryCounts;
import dev.bench.workloads.oltp.SysbenchReport;

import java.io.PrintWriter;
import java.util.Locale;

/**
 * sysbench's intermediate line every {@code --report-interval} seconds:
 * {@code [ 10s ] thds: 8 tps: 700.15 qps: 14003.00 (r/w/o: 9802.10/2800.60/1400.30) lat (ms,95%): 24.83 err/s: 0.20 reconn/s: 0.00}.
 * Rates are over the time since the previous line; statement counts come from the workload's counters.
 * With {@code --rate}, sysbench's second line follows: transactions waiting for a worker, and workers busy.
 *
 * <p>Threading: called by the engine's one reporting thread.
 */
public final class TpccIntervalLines implements IntervalListener {

    /** sysbench-tpcc's default {@code --percentile}. */
    private static final int PERCENTILE = 95;

    private final PrintWriter out;
    private final QueryCounters counters;
    private final int threads;
    private final long everyNanos;
    private final Histogram latency = new Histogram(3);
    private long reads;
    private long writes;
    private long others;
    private long events;
    private long errors;
    private long reconnects;
    private long sinceNanos;

    private final RunConfig config;

    /** @param everySeconds how often to print; 0: only the header, as sysbench without --report-interval */
    public TpccIntervalLines(PrintWriter out, QueryCounters counters, RunConfig config, double everySeconds) {
        this.out = out;
        this.counters = counters;
        this.config = config;
        this.threads = config.threads();
        this.everyNanos = Math.round(everySeconds * 1e9);
    }

    /** sysbench's header. */
    @Override
    public void onStart(RunInfo info) {
        out.println("Running the test with following options:");
        out.println("Number of threads: " + threads);
        if (config.isOpenLoop()) {
            out.println(String.format(Locale.ROOT, "Target transaction rate: %.2f/sec", config.targetOpsPerSec()));
        }
        if (everyNanos > 0) {
            out.println(String.format(Locale.ROOT, "Report intermediate results every %s second(s)", seconds(everyNanos)));
        }
        out.println("Initializing random number generator from seed (" + config.seed() + ").");
        out.println();
        out.println("Threads started!");
        out.println();
        if (!config.warmup().isZero()) {
            out.println("Warming up for " + seconds(config.warmup().toNanos()) + " seconds...");
            out.println();
        }
        out.flush();
    }

    private static String seconds(long nanos) {
        return nanos % 1_000_000_000L == 0 ? Long.toString(nanos / 1_000_000_000L) : Double.toString(nanos / 1e9);
    }

    @Override
    public void onInterval(IntervalSnapshot interval) {
        if (everyNanos == 0 || interval.warmup()) {
            return; // warmup: left out of every figure, the statement counts too
        }
        for (KindStats k : interval.kinds()) {
            latency.add(k.sojourn());
            events += k.completed();
            errors += k.outcomes().retries();
            reconnects += k.outcomes().reconnects();
        }
        sinceNanos += interval.endNanos() - interval.startNanos();
        if (sinceNanos + everyNanos / 100 < everyNanos) {
            return;
        }
        double s = sinceNanos / 1e9;
        long r = counters.reads();
        long w = counters.writes();
        long o = counters.others();
        long at = Math.round(interval.endNanos() / 1e9);
        QueryCounts delta = new QueryCounts(r - reads, w - writes, o - others, errors);
        out.println(SysbenchReport.intervalLine(at, threads, events, delta, reconnects, PERCENTILE,
                latency.getValueAtPercentile(PERCENTILE) / 1e6, s));
        if (config.isOpenLoop()) {
            out.println(SysbenchReport.queueLine(at, interval.waitingOps(), interval.busyWorkers()));
        }
        out.flush();
        reads = r;
        writes = w;
        others = o;
        events = 0;
        errors = 0;
        reconnects = 0;
        sinceNanos = 0;
        latency.reset();
    }
}
