package dev.bench.workloads.ycsb;

import dev.bench.core.metrics.KindStats;
import dev.bench.core.metrics.RunResult;
import org.HdrHistogram.Histogram;

import java.io.PrintWriter;

/**
 * YCSB's text report of a phase ({@code [OVERALL], RunTime(ms), N} ...), as its {@code both}
 * measurement mode prints it: per op its service time as {@code [READ]} with the return codes, then
 * each op's latency from its intended start as {@code [Intended-READ]}. Latencies in microseconds.
 *
 * <p>A load op is one statement of several records: Operations, Return=OK and the throughput count
 * records; the latencies are those of the statements.
 */
public final class YcsbReport {

    private YcsbReport() {
    }

    /**
     * @param loadedRows records a load acknowledged, or -1 for a run (ops are counted as the engine did)
     */
    public static void print(RunResult result, YcsbCounts.Snapshot counts, boolean dataIntegrity, long loadedRows,
                             PrintWriter out) {
        long runtimeMs = Math.max(1, result.drainNanos() / 1_000_000);
        long ops = loadedRows >= 0 ? loadedRows : result.kinds().stream()
                .mapToLong(k -> k.completed() + k.outcomes().failed()).sum();
        line(out, "OVERALL", "RunTime(ms)", Long.toString(runtimeMs));
        line(out, "OVERALL", "Throughput(ops/sec)", Double.toString(1000.0 * ops / runtimeMs));
        for (KindStats k : result.kinds()) {
            String label = YcsbOp.ofKind(k.name()).label();
            long operations = loadedRows >= 0 ? loadedRows : k.completed() + k.outcomes().failed();
            latencies(out, label, operations, k.service());
            long ok = loadedRows >= 0 ? loadedRows : k.accepted();
            line(out, label, "Return=OK", Long.toString(ok));
            if (k.outcomes().rejected() > 0) {
                line(out, label, "Return=NOT_FOUND", Long.toString(k.outcomes().rejected()));
            }
            if (k.outcomes().failed() > 0) {
                line(out, label, "Return=ERROR", Long.toString(k.outcomes().failed()));
            }
        }
        if (dataIntegrity) {
            line(out, "VERIFY", "Operations", Long.toString(counts.verified() + counts.verifyFailed()));
            line(out, "VERIFY", "Return=OK", Long.toString(counts.verified()));
            if (counts.verifyFailed() > 0) {
                line(out, "VERIFY", "Return=UNEXPECTED_STATE", Long.toString(counts.verifyFailed()));
            }
        }
        for (KindStats k : result.kinds()) {
            String label = "Intended-" + YcsbOp.ofKind(k.name()).label();
            latencies(out, label, loadedRows >= 0 ? loadedRows : k.completed(), k.sojourn());
        }
    }

    private static void latencies(PrintWriter out, String label, long operations, Histogram ns) {
        line(out, label, "Operations", Long.toString(operations));
        boolean any = ns.getTotalCount() > 0;
        line(out, label, "AverageLatency(us)", Double.toString(any ? ns.getMean() / 1000.0 : Double.NaN));
        line(out, label, "MinLatency(us)", Long.toString(any ? micros(ns.getMinValue()) : Long.MAX_VALUE));
        line(out, label, "MaxLatency(us)", Long.toString(any ? micros(ns.getMaxValue()) : 0));
        line(out, label, "95thPercentileLatency(us)", Long.toString(micros(ns.getValueAtPercentile(95))));
        line(out, label, "99thPercentileLatency(us)", Long.toString(micros(ns.getValueAtPercentile(99))));
    }

    static long micros(long nanos) {
        return nanos / 1000;
    }

    private static void line(PrintWriter out, String metric, String measurement, String value) {
        out.println("[" + metric + "], " + measurement + ", " + value);
    }
}
