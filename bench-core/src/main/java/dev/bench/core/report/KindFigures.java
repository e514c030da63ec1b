package dev.bench.core.report;

import com.fasterxml.jackson.databind.JsonNode;
import dev.bench.core.results.IntervalRow;
import dev.bench.core.results.RunFiles;
import dev.bench.core.results.RunFiles.Phase;
import org.HdrHistogram.Histogram;

import java.util.ArrayList;
import java.util.List;
import java.util.function.ToDoubleFunction;

/**
 * One op kind's headline numbers in one run, and the per-interval values behind each, so a change can
 * be judged against the run's own interval-to-interval spread. Latencies in ms.
 */
public record KindFigures(String kind, Histogram sojourn, double[] whole, List<double[]> perInterval) {

    /** The compared metrics, in table order. */
    public static final List<String> METRICS = List.of("throughput ops/s", "sojourn p50 ms", "sojourn p99 ms",
            "sojourn p99.9 ms", "sojourn max ms");

    public static KindFigures of(RunFiles run, String kind) {
        Histogram sojourn = new Histogram(3);
        List<IntervalRow> rows = new ArrayList<>();
        for (Phase p : run.phases()) {
            sojourn.add(p.latency().total(kind + ".sojourn"));
            p.intervals().stream().filter(r -> r.kind().equals(kind) && !r.warmup()).forEach(rows::add);
        }
        JsonNode ops = run.summary().path("ops").path(kind);
        JsonNode so = ops.path("sojourn_us");
        double[] whole = {
                throughput(run, ops, rows),
                pick(so, "p50", sojourn, 50), pick(so, "p99", sojourn, 99), pick(so, "p99.9", sojourn, 99.9),
                pick(so, "max", sojourn, 100)};
        List<double[]> per = List.of(
                series(rows, IntervalRow::opsPerS),
                series(rows, r -> r.sojournUs()[IntervalRow.P50] / 1e3),
                series(rows, r -> r.sojournUs()[IntervalRow.P99] / 1e3),
                series(rows, r -> r.sojournUs()[IntervalRow.P999] / 1e3),
                series(rows, r -> r.sojournUs()[IntervalRow.MAX] / 1e3));
        return new KindFigures(kind, sojourn, whole, per);
    }

    /** The summary's figure where it has one; else the latency log's, which adds up to the same window. */
    private static double pick(JsonNode summaryUs, String field, Histogram h, double percentile) {
        if (summaryUs.has(field)) {
            return summaryUs.path(field).asDouble() / 1e3;
        }
        if (h.getTotalCount() == 0) {
            return Double.NaN;
        }
        return (percentile >= 100 ? h.getMaxValue() : h.getValueAtPercentile(percentile)) / 1e6;
    }

    /** Completed over the measured window; without the window's length, the mean interval rate. */
    private static double throughput(RunFiles run, JsonNode ops, List<IntervalRow> rows) {
        double runtime = run.summary().path("run").path("runtime_s").asDouble(0);
        if (ops.has("completed") && runtime > 0) {
            return ops.path("completed").asDouble() / runtime;
        }
        return rows.stream().mapToDouble(IntervalRow::opsPerS).average().orElse(Double.NaN);
    }

    private static double[] series(List<IntervalRow> rows, ToDoubleFunction<IntervalRow> f) {
        return rows.stream().mapToDouble(f).filter(Double::isFinite).toArray();
    }
}
