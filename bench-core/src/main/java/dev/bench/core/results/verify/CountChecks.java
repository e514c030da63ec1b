package dev.bench.core.results.verify;

import com.fasterxml.jackson.databind.JsonNode;
import dev.bench.core.results.IntervalRow;

import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Counts agree wherever they are written. Per kind: summary.json's completed (and its sojourn and service
 * counts) = the sum of intervals.csv's measured rows = the latency.hlog's totals of both tags; outcome
 * counts = their rows' sum; completed_ops = the kinds' sum. Per measured interval and kind: the row's
 * completed = the log's sojourn count = its service count, since each op is one sojourn and one service
 * sample recorded together, so both belong to the same interval.
 */
final class CountChecks {

    private static final List<String> OUTCOMES = List.of("rejected", "failed", "retries", "reconnects");

    private CountChecks() {
    }

    static void check(Block b, BlockFiles f, Findings out) {
        JsonNode ops = b.numbers().path("ops");
        List<String> kinds = new ArrayList<>();
        ops.fieldNames().forEachRemaining(kinds::add);
        f.csvKinds().stream().filter(k -> !kinds.contains(k)).forEach(kinds::add);
        f.log.kinds().stream().filter(k -> !kinds.contains(k)).forEach(kinds::add);
        long sum = 0;
        for (String kind : kinds) {
            JsonNode k = ops.path(kind);
            sum = Math.addExact(sum, Counts.of(k.path("completed")));
            totals(b, f, kind, k, out);
            if (k.isObject() && f.hasCsv) {
                outcomes(b, f, kind, k, out);
            }
        }
        JsonNode total = b.numbers().has("throughput") ? b.numbers().path("throughput").path("completed_ops")
                : b.numbers().path("completed_ops");
        if (!total.isMissingNode()) {
            long kindsSum = sum;
            long totalOps = Counts.of(total);
            out.check(totalOps == kindsSum, () -> b.name() + ": summary.json completed_ops " + totalOps
                    + " != the kinds' completed added up " + kindsSum);
        }
        intervals(b, f, out);
    }

    private static void totals(Block b, BlockFiles f, String kind, JsonNode k, Findings out) {
        long[] counts = {
            Counts.of(k.path("completed"), -1), Counts.of(k.path("sojourn_us").path("count"), -1),
            Counts.of(k.path("service_us").path("count"), -1), f.hasCsv ? f.csvCompleted(kind) : -1,
            f.hasLog ? f.logTotal(kind + ".sojourn") : -1, f.hasLog ? f.logTotal(kind + ".service") : -1};
        String[] where = {"summary.json completed", "sojourn_us.count", "service_us.count", "intervals.csv measured rows",
            "latency.hlog " + kind + ".sojourn", kind + ".service"};
        boolean agree = true;
        for (long c : counts) {
            agree &= c == counts[0];
        }
        boolean holds = agree;
        out.check(holds, () -> {
            List<String> parts = new ArrayList<>();
            for (int i = 0; i < counts.length; i++) {
                parts.add(where[i] + " " + (counts[i] < 0 ? "absent" : String.valueOf(counts[i])));
            }
            return b.name() + ": " + kind + ": completed counts differ: " + String.join(", ", parts);
        });
    }

    private static void outcomes(Block b, BlockFiles f, String kind, JsonNode k, Findings out) {
        List<String> differ = new ArrayList<>();
        for (String name : OUTCOMES) {
            if (k.has(name)) {
                long rows = Counts.sum(f.measured().stream().filter(r -> r.kind().equals(kind)).mapToLong(r -> outcome(r, name)));
                long summary = Counts.of(k.path(name));
                if (rows != summary) {
                    differ.add(name + " " + summary + " != intervals.csv's " + rows);
                }
            }
        }
        out.check(differ.isEmpty(), () -> b.name() + ": " + kind + ": summary.json " + String.join(", ", differ));
    }

    private static long outcome(IntervalRow r, String name) {
        return switch (name) {
            case "rejected" -> r.rejected();
            case "failed" -> r.failed();
            case "retries" -> r.retries();
            default -> r.reconnects();
        };
    }

    /** One op, one interval: each measured row against the log's histograms of the same interval. */
    private static void intervals(Block b, BlockFiles f, Findings out) {
        if (!f.hasCsv || !f.hasLog) {
            return;
        }
        Set<Map<String, Long>> matched = Collections.newSetFromMap(new IdentityHashMap<>());
        for (IntervalRow r : f.measured()) {
            Map<String, Long> log = f.logInterval(r.startS());
            if (log != null) {
                matched.add(log);
            }
            long sojourn = log == null ? 0 : log.getOrDefault(r.kind() + ".sojourn", 0L);
            long service = log == null ? 0 : log.getOrDefault(r.kind() + ".service", 0L);
            out.check(r.completed() == sojourn && sojourn == service, () -> String.format(Locale.ROOT,
                    "%s: interval %.3f..%.3f s, %s: intervals.csv completed %d, latency.hlog sojourn %d, service %d "
                            + "(each op counts once in one interval)", b.name(), r.startS(), r.endS(), r.kind(),
                    r.completed(), sojourn, service));
        }
        f.logCounts.forEach((startMs, counts) -> {
            if (!matched.contains(counts)) {
                long n = Counts.sum(counts.values().stream().mapToLong(Long::longValue));
                out.broken(String.format(Locale.ROOT, "%s: latency.hlog has an interval at %.3f s (%d samples) that "
                        + "intervals.csv has no measured row for", b.name(), startMs / 1e3, n));
            }
        });
    }
}
