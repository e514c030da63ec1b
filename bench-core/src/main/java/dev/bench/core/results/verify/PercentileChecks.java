package dev.bench.core.results.verify;

import com.fasterxml.jackson.databind.JsonNode;
import dev.bench.core.results.IntervalRow;

import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Percentiles never decrease: min &lt;= p50 &lt;= ... &lt;= max per kind in the summary (the mean between min
 * and max), and p50 &lt;= p90 &lt;= p99 &lt;= p99.9 &lt;= max per interval and kind in intervals.csv, for sojourn
 * and service alike. Rounding to the file's decimals is monotonic, so no tolerance is needed.
 */
final class PercentileChecks {

    private static final List<String> SUMMARY_ORDER = List.of("min", "p50", "p90", "p95", "p99", "p99.9", "p99.99", "max");

    private PercentileChecks() {
    }

    static void check(Block b, BlockFiles f, Findings out) {
        for (Map.Entry<String, JsonNode> k : (Iterable<Map.Entry<String, JsonNode>>) () -> b.numbers().path("ops").fields()) {
            for (String metric : List.of("sojourn_us", "service_us")) {
                summary(b.name() + ": summary.json " + k.getKey() + " " + metric, k.getValue().path(metric), out);
            }
        }
        for (IntervalRow r : f.rows) {
            row(b, r, "sojourn", r.sojournUs(), out);
            row(b, r, "service", r.serviceUs(), out);
        }
    }

    private static void summary(String where, JsonNode p, Findings out) {
        if (p.path("count").asLong(0) == 0) {
            return;
        }
        String previous = null;
        for (String name : SUMMARY_ORDER) {
            if (!p.has(name)) {
                continue;
            }
            if (previous != null) {
                String low = previous;
                out.check(p.path(low).asDouble() <= p.path(name).asDouble(), () -> String.format(Locale.ROOT,
                        "%s: %s %s µs > %s %s µs (percentiles must not decrease)", where, low, p.path(low).asText(),
                        name, p.path(name).asText()));
            }
            previous = name;
        }
        if (p.has("mean") && p.has("min") && p.has("max")) {
            double mean = p.path("mean").asDouble();
            // the mean is written rounded to 1 ns
            out.check(mean >= p.path("min").asDouble() - 1e-3 && mean <= p.path("max").asDouble() + 1e-3,
                    () -> where + ": mean " + mean + " µs outside min " + p.path("min").asText() + " .. max "
                            + p.path("max").asText() + " µs");
        }
    }

    private static void row(Block b, IntervalRow r, String metric, double[] us, Findings out) {
        for (int i = 1; i < us.length; i++) {
            int low = i - 1;
            int high = i;
            if (Double.isNaN(us[low]) || Double.isNaN(us[high])) {
                continue;
            }
            out.check(us[low] <= us[high], () -> String.format(Locale.ROOT,
                    "%s: intervals.csv interval %.3f..%.3f s, %s %s: %s %.1f µs > %s %.1f µs (percentiles must not decrease)",
                    b.name(), r.startS(), r.endS(), r.kind(), metric, IntervalRow.PERCENTILE_COLUMNS[low], us[low],
                    IntervalRow.PERCENTILE_COLUMNS[high], us[high]));
        }
    }
}
