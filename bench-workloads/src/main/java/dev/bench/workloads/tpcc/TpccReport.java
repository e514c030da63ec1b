package dev.bench.workloads.tpcc;

import dev.bench.core.metrics.KindStats;
import dev.bench.core.metrics.RunResult;
import org.HdrHistogram.Histogram;

import java.util.Locale;

/**
 * The end-of-run report: sysbench's final statistics in its exact layout (what sysbench-tpcc prints),
 * then tpmC and per-transaction latency, which sysbench does not give. Latencies are from each
 * transaction's intended start (its queue time included, as sysbench's --rate mode does).
 */
public final class TpccReport {

    private TpccReport() {
    }

    public static String render(RunResult result, QueryCounters counters) {
        StringBuilder out = new StringBuilder();
        double seconds = seconds(result);
        long events = result.completedTotal();
        long retries = result.kinds().stream().mapToLong(k -> k.outcomes().retries()).sum();
        long reconnects = result.kinds().stream().mapToLong(k -> k.outcomes().reconnects()).sum();
        line(out, "SQL statistics:");
        line(out, "    queries performed:");
        line(out, pad("        read:") + counters.reads());
        line(out, pad("        write:") + counters.writes());
        line(out, pad("        other:") + counters.others());
        line(out, pad("        total:") + counters.total());
        line(out, pad("    transactions:") + perSec(events, seconds));
        line(out, pad("    queries:") + perSec(counters.total(), seconds));
        line(out, pad("    ignored errors:") + perSec(retries, seconds));
        line(out, pad("    reconnects:") + perSec(reconnects, seconds));
        line(out, "");
        line(out, "General statistics:");
        line(out, pad("    total time:") + String.format(Locale.ROOT, "%.4fs", seconds));
        line(out, pad("    total number of events:") + events);
        line(out, "");
        Histogram all = new Histogram(3);
        for (KindStats k : result.kinds()) {
            all.add(k.sojourn());
        }
        line(out, "Latency (ms):");
        line(out, String.format(Locale.ROOT, "         min: %39.2f", events == 0 ? 0 : all.getMinValue() / 1e6));
        line(out, String.format(Locale.ROOT, "         avg: %39.2f", all.getMean() / 1e6));
        line(out, String.format(Locale.ROOT, "         max: %39.2f", all.getMaxValue() / 1e6));
        line(out, String.format(Locale.ROOT, "         95th percentile: %27.2f", all.getValueAtPercentile(95) / 1e6));
        line(out, String.format(Locale.ROOT, "         sum: %39.2f", all.getMean() * events / 1e6));
        line(out, "");
        line(out, "Threads fairness:");
        double[] e = Fairness.of(counters.eventsPerWorker());
        double[] t = Fairness.of(counters.secondsPerWorker());
        line(out, String.format(Locale.ROOT, "    events (avg/stddev):           %.4f/%3.2f", e[0], e[1]));
        line(out, String.format(Locale.ROOT, "    execution time (avg/stddev):   %.4f/%3.2f", t[0], t[1]));
        line(out, "");
        tpcc(out, result);
        return out.toString();
    }

    /** New-Orders committed per minute of the run (rolled-back ones don't count). */
    public static double tpmC(RunResult result) {
        return result.kind(TpccWorkload.NEW_ORDER_KIND).accepted() * 60.0 / seconds(result);
    }

    private static double seconds(RunResult result) {
        return result.drainNanos() > 0 ? result.drainNanos() / 1e9 : result.windowNanos() / 1e9;
    }

    private static void tpcc(StringBuilder out, RunResult result) {
        KindStats newOrder = result.kind(TpccWorkload.NEW_ORDER_KIND);
        line(out, "TPC-C:");
        line(out, pad("    tpmC (New-Orders per minute):") + String.format(Locale.ROOT, "%.2f", tpmC(result)));
        line(out, pad("    new-order rollbacks (1%, expected):") + newOrder.outcomes().rejected());
        line(out, "");
        line(out, "Latency per transaction (ms):");
        line(out, String.format(Locale.ROOT, "    %-14s %9s %9s %9s %9s %9s %9s %8s %7s", "transaction", "count", "avg", "p50",
                "p95", "p99", "max", "retries", "failed"));
        for (KindStats k : result.kinds()) {
            Histogram h = k.sojourn();
            line(out, String.format(Locale.ROOT, "    %-14s %9d %9.2f %9.2f %9.2f %9.2f %9.2f %8d %7d", k.name(), k.completed(),
                    h.getMean() / 1e6, h.getValueAtPercentile(50) / 1e6, h.getValueAtPercentile(95) / 1e6,
                    h.getValueAtPercentile(99) / 1e6, h.getMaxValue() / 1e6, k.outcomes().retries(), k.outcomes().failed()));
        }
    }

    private static String pad(String label) {
        return String.format("%-41s", label);
    }

    private static String perSec(long count, double seconds) {
        return String.format(Locale.ROOT, "%-6d (%.2f per sec.)", count, seconds > 0 ? count / seconds : 0);
    }

    private static void line(StringBuilder out, String s) {
        out.append(s).append('\n');
    }

    /** Mean and population standard deviation, sysbench's "avg/stddev". */
    static final class Fairness {
        private Fairness() {
        }

        static double[] of(long[] values) {
            double[] d = new double[values.length];
            for (int i = 0; i < d.length; i++) {
                d[i] = values[i];
            }
            return of(d);
        }

        static double[] of(double[] values) {
            if (values.length == 0) {
                return new double[] {0, 0};
            }
            double mean = 0;
            for (double v : values) {
                mean += v;
            }
            mean /= values.length;
            double variance = 0;
            for (double v : values) {
                variance += (v - mean) * (v - mean);
            }
            return new double[] {mean, Math.sqrt(variance / values.length)};
        }
    }
}
