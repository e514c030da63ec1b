package dev.bench.workloads.sysbench;

import dev.bench.core.RunConfig;
import dev.bench.core.metrics.KindStats;
import dev.bench.core.metrics.RunResult;
import org.HdrHistogram.Histogram;

import java.util.Collection;
import java.util.List;
import java.util.Locale;

/**
 * sysbench 1.0.20's report layouts, character for character: the lines before the run, the
 * intermediate line, the rate-mode queue line, and the final "SQL statistics / General statistics /
 * Latency / Threads fairness" block. Latencies are an event's sojourn (from its intended start: in rate
 * mode the queue wait counts, as in sysbench), over all of the workload's transaction kinds.
 */
public final class SysbenchReport {

    private SysbenchReport() {
    }

    /**
     * sysbench's lines before its run, with the seed actually used (sysbench: "from current time").
     *
     * @param banner      the first line (sysbench prints its version there), or null when the caller printed it
     * @param clockSeeded the seed came from the clock (sysbench's --rand-seed 0): said as sysbench says it
     */
    public static String header(String banner, RunConfig config, double reportIntervalSeconds, boolean clockSeeded) {
        return header(banner, config, reportIntervalSeconds, List.of(), clockSeeded);
    }

    /** @param checkpoints --report-checkpoints' seconds, ascending; none: no line for them */
    public static String header(String banner, RunConfig config, double reportIntervalSeconds, List<Long> checkpoints,
                                boolean clockSeeded) {
        return header(banner, config, reportIntervalSeconds, checkpoints, clockSeeded, "");
    }

    /** @param modeLines the test's own lines before "Initializing worker threads..." ({@link SysbenchTestFormat#modeLines}) */
    public static String header(String banner, RunConfig config, double reportIntervalSeconds, List<Long> checkpoints,
                                boolean clockSeeded, String modeLines) {
        StringBuilder b = new StringBuilder();
        if (banner != null) {
            line(b, banner);
            line(b, "");
        }
        line(b, "Running the test with following options:");
        line(b, "Number of threads: " + config.threads());
        if (config.isOpenLoop()) {
            line(b, "Target transaction rate: " + number(config.targetOpsPerSec()) + "/sec");
        }
        if (reportIntervalSeconds > 0) {
            line(b, "Report intermediate results every " + number(reportIntervalSeconds) + " second(s)");
        }
        if (!checkpoints.isEmpty()) {
            line(b, SysbenchCheckpoints.headerLine(checkpoints));
        }
        line(b, clockSeeded ? "Initializing random number generator from current time"
                : "Initializing random number generator from seed (" + config.seed() + ").");
        line(b, "");
        line(b, "");
        b.append(modeLines);
        line(b, "Initializing worker threads...");
        line(b, "");
        line(b, "Threads started!");
        line(b, "");
        if (!config.warmup().isZero()) {
            line(b, "Warming up for " + number(config.warmup().toNanos() / 1e9) + " seconds...");
            line(b, "");
        }
        return b.toString();
    }

    /** {@code [ 10s ] thds: 8 tps: ... reconn/s: 0.00}; rates over {@code seconds}; ignored errors are the engine's retries. */
    public static String intervalLine(long atSeconds, int threads, long events, QueryCounts q, long ignoredErrors,
                                      long reconnects, int percentile, double latencyMs, double seconds) {
        return f("[ %ds ] thds: %d tps: %4.2f qps: %4.2f (r/w/o: %4.2f/%4.2f/%4.2f) lat (ms,%d%%): %4.2f err/s: %4.2f reconn/s: %4.2f",
                atSeconds, threads, events / seconds, q.total() / seconds, q.read() / seconds, q.write() / seconds,
                q.other() / seconds, percentile, latencyMs, ignoredErrors / seconds, reconnects / seconds);
    }

    /** Rate mode's second line: events waiting for a worker, and workers busy, at the report's moment. */
    public static String queueLine(long atSeconds, long queueLength, long concurrency) {
        return f("[ %ds ] queue length: %d, concurrency: %d", atSeconds, queueLength, concurrency);
    }

    /**
     * What one report covers: the whole run, or (with --report-checkpoints) the time since the last
     * checkpoint, whose rates are per second of that time while its total time is the run's so far.
     */
    public record Totals(double rateSeconds, double totalSeconds, long events, QueryCounts queries, long ignoredErrors,
                         long reconnects, Histogram latency, double[] threadEvents, double[] threadSeconds) {

        /** The whole run. */
        public static Totals of(RunResult result, QueryCounts q, ThreadFairness fairness) {
            double seconds = SysbenchReport.totalSeconds(result);
            return new Totals(seconds, seconds, result.completedTotal(), q, SysbenchReport.ignoredErrors(result),
                    SysbenchReport.reconnects(result.kinds()),
                    sojourn(result.kinds()), fairness.events(), fairness.seconds());
        }
    }

    /** The final block, after the run; {@code percentile} 0 means disabled, as in sysbench. */
    public static String finalReport(RunResult result, QueryCounts q, ThreadFairness fairness, int percentile) {
        return report(Totals.of(result, q, fairness), percentile);
    }

    /** sysbench's full report ("SQL statistics:" to "Threads fairness:") of what {@code t} covers. */
    public static String report(Totals t, int percentile) {
        QueryCounts q = t.queries();
        double seconds = t.rateSeconds();
        StringBuilder b = new StringBuilder();
        line(b, "SQL statistics:");
        line(b, "    queries performed:");
        line(b, "        read:                            " + q.read());
        line(b, "        write:                           " + q.write());
        line(b, "        other:                           " + q.other());
        line(b, "        total:                           " + q.total());
        line(b, f("    transactions:                        %-6d (%.2f per sec.)", t.events(), t.events() / seconds));
        line(b, f("    queries:                             %-6d (%.2f per sec.)", q.total(), q.total() / seconds));
        line(b, f("    ignored errors:                      %-6d (%.2f per sec.)", t.ignoredErrors(), t.ignoredErrors() / seconds));
        line(b, f("    reconnects:                          %-6d (%.2f per sec.)", t.reconnects(), t.reconnects() / seconds));
        line(b, "");
        return b.append(general(t, percentile)).toString();
    }

    /**
     * The blocks every sysbench test ends its report with, of what {@code t} covers: General statistics,
     * Latency, Threads fairness (a test's own block comes before them: {@link SysbenchTestFormat#report}).
     */
    public static String general(Totals t, int percentile) {
        return general(t.totalSeconds(), t.events(), t.latency(), t.threadEvents(), t.threadSeconds(), percentile);
    }

    private static String general(double seconds, long events, Histogram latency, double[] threadEvents,
                                  double[] threadSeconds, int percentile) {
        StringBuilder b = new StringBuilder();
        line(b, "General statistics:");
        line(b, f("    total time:                          %.4fs", seconds));
        line(b, "    total number of events:              " + events);
        line(b, "");
        latency(b, latency, percentile);
        line(b, "");
        line(b, "Threads fairness:");
        line(b, f("    events (avg/stddev):           %.4f/%3.2f", mean(threadEvents), stddev(threadEvents)));
        line(b, f("    execution time (avg/stddev):   %.4f/%3.2f", mean(threadSeconds), stddev(threadSeconds)));
        line(b, "");
        return b.toString();
    }

    private static void latency(StringBuilder b, Histogram h, int percentile) {
        boolean any = h.getTotalCount() > 0;
        line(b, "Latency (ms):");
        line(b, f("         min: %39.2f", any ? ms(h.getMinValue()) : 0));
        line(b, f("         avg: %39.2f", any ? h.getMean() / 1e6 : 0));
        line(b, f("         max: %39.2f", any ? ms(h.getMaxValue()) : 0));
        if (percentile > 0) {
            line(b, f("         %dth percentile: %27.2f", percentile, any ? ms(h.getValueAtPercentile(percentile)) : 0));
        } else {
            line(b, "         percentile stats:               disabled");
        }
        line(b, f("         sum: %39.2f", h.getMean() * h.getTotalCount() / 1e6));
    }

    /**
     * sysbench's total time: from the window's start until the last event completed, at least the
     * window measured (up to the stop, when the run stopped early).
     */
    public static double totalSeconds(RunResult result) {
        return result.untilLastOpNanos() / 1e9;
    }

    /** The sojourn of every transaction kind together. */
    static Histogram sojourn(Collection<KindStats> kinds) {
        Histogram all = new Histogram(3);
        for (KindStats k : kinds) {
            all.add(k.sojourn());
        }
        return all;
    }

    /**
     * sysbench's ignored errors: the engine's retries. A sysbench workload classifies the errors sysbench
     * ignores as retryable, so each failed attempt the engine re-ran is one ignored error, in one counter.
     */
    public static long ignoredErrors(RunResult result) {
        return result.kinds().stream().mapToLong(k -> k.outcomes().retries()).sum();
    }

    static long reconnects(Collection<KindStats> kinds) {
        return kinds.stream().mapToLong(k -> k.outcomes().reconnects()).sum();
    }

    public static double percentileMs(Histogram h, int percentile) {
        return h.getTotalCount() == 0 || percentile <= 0 ? 0 : ms(h.getValueAtPercentile(percentile));
    }

    /** 20 as "20", 2.5 as "2.5": how sysbench echoes its numeric options. */
    public static String number(double value) {
        return value == Math.rint(value) ? Long.toString((long) value) : Double.toString(value);
    }

    private static double ms(long nanos) {
        return nanos / 1e6;
    }

    static double mean(double[] v) {
        double sum = 0;
        for (double x : v) {
            sum += x;
        }
        return v.length == 0 ? 0 : sum / v.length;
    }

    /** Population standard deviation, as sysbench computes it. */
    static double stddev(double[] v) {
        double m = mean(v);
        double sq = 0;
        for (double x : v) {
            sq += (x - m) * (x - m);
        }
        return v.length == 0 ? 0 : Math.sqrt(sq / v.length);
    }

    private static String f(String format, Object... args) {
        return String.format(Locale.ROOT, format, args);
    }

    private static void line(StringBuilder b, String s) {
        b.append(s).append('\n');
    }
}
