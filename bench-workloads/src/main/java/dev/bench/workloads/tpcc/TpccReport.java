package dev.bench.workloads.tpcc;

import dev.bench.core.metrics.KindStats;
import dev.bench.core.metrics.RunResult;
import dev.bench.workloads.sysbench.QueryCounts;
import dev.bench.workloads.sysbench.SysbenchReport;
import dev.bench.workloads.sysbench.ThreadFairness;
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

    public static String render(RunResult result, QueryCounts counted, ThreadFairness fairness, int percentile) {
        StringBuilder out = new StringBuilder();
        out.append(SysbenchReport.finalReport(result, counted, fairness, percentile));
        tpcc(out, result);
        return out.toString();
    }

    /** New-Orders committed per minute of the run (rolled-back ones don't count). */
    public static double tpmC(RunResult result) {
        return result.kind(TpccWorkload.NEW_ORDER_KIND).accepted() * 60.0 / SysbenchReport.totalSeconds(result);
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

    private static void line(StringBuilder out, String s) {
        out.append(s).append('\n');
    }
}
