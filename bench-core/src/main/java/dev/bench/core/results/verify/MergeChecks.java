package dev.bench.core.results.verify;

import com.fasterxml.jackson.databind.JsonNode;
import dev.bench.core.results.ResultsDirectory;
import dev.bench.core.results.verify.ResultDir.Part;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A merge's counts are the sum of its clients'. Alone, a merge is checked against the per-kind counts
 * its summary lists for each client (written by the merge from the clients' summaries). With the
 * clients' directories given alongside (found by their run_id), each block is checked against theirs:
 * completed per kind, the latency logs' sample counts per tag, and generated and offered ops.
 */
final class MergeChecks {

    private MergeChecks() {
    }

    static void check(List<ResultDir> all, Findings out) {
        for (ResultDir merge : all) {
            if (merge.isMerge()) {
                alone(merge, out);
                List<ResultDir> clients = clientsOf(merge, all);
                if (clients != null) {
                    withClients(merge, clients, out);
                }
            }
        }
    }

    private static void alone(ResultDir merge, Findings out) {
        Map<String, Long> listed = new LinkedHashMap<>();
        for (JsonNode c : merge.summary.path("clients")) {
            if (!c.path("completed").isObject()) {
                return; // merged before the clients' counts were listed
            }
            c.path("completed").fields().forEachRemaining(k -> listed.merge(k.getKey(), Counts.of(k.getValue()), Math::addExact));
        }
        Map<String, Long> merged = new LinkedHashMap<>();
        for (Part p : merge.parts) {
            p.block().numbers().path("ops").fields().forEachRemaining(
                    k -> merged.merge(k.getKey(), Counts.of(k.getValue().path("completed")), Math::addExact));
        }
        for (String kind : union(listed, merged)) {
            long m = merged.getOrDefault(kind, 0L);
            long c = listed.getOrDefault(kind, 0L);
            out.check(m == c, () -> merge.dir + ": " + kind + ": the merge completed " + m
                    + " but its clients, as its summary lists them, " + c);
        }
    }

    /** The clients among the given directories, in the merge's order; null unless every one was given. */
    private static List<ResultDir> clientsOf(ResultDir merge, List<ResultDir> all) {
        List<ResultDir> found = new ArrayList<>();
        for (JsonNode c : merge.summary.path("clients")) {
            String id = c.path(ResultsDirectory.RUN_ID).asText("");
            ResultDir match = all.stream().filter(d -> d != merge && !id.isEmpty() && id.equals(d.runId())).findFirst().orElse(null);
            if (match == null) {
                return null;
            }
            found.add(match);
        }
        return found.isEmpty() ? null : found;
    }

    private static void withClients(ResultDir merge, List<ResultDir> clients, Findings out) {
        for (int i = 0; i < merge.parts.size(); i++) {
            Part m = merge.parts.get(i);
            List<Part> parts = new ArrayList<>();
            for (ResultDir c : clients) {
                if (i >= c.parts.size()) {
                    out.broken(merge.dir + ": the merge has phase " + m.block().name() + " that client " + c.dir + " lacks");
                    return;
                }
                parts.add(c.parts.get(i));
            }
            List<String> kinds = new ArrayList<>();
            m.block().numbers().path("ops").fieldNames().forEachRemaining(kinds::add);
            for (String kind : kinds) {
                sum(m, parts, kind + " completed", p -> p.block().numbers().path("ops").path(kind).path("completed").asDouble(), 0, out);
                for (String tag : List.of(kind + ".sojourn", kind + ".service")) {
                    sum(m, parts, "latency.hlog " + tag + " samples", p -> p.files().logTotal(tag), 0, out);
                }
            }
            JsonNode t = m.block().numbers().path("throughput");
            if (t.has("generated_ops")) {
                sum(m, parts, "generated_ops", p -> p.block().numbers().path("throughput").path("generated_ops").asDouble(), 0, out);
            }
            if (t.has("offered_ops")) {
                sum(m, parts, "offered_ops", p -> p.block().numbers().path("throughput").path("offered_ops").asDouble(), 1e-6, out);
            }
        }
    }

    private interface Figure {
        double of(Part p);
    }

    private static void sum(Part merged, List<Part> clients, String what, Figure figure, double tolerance, Findings out) {
        double m = figure.of(merged);
        double total = clients.stream().mapToDouble(figure::of).sum();
        List<String> terms = clients.stream().map(c -> fmt(figure.of(c))).toList();
        out.check(Math.abs(m - total) <= tolerance * Math.max(1, Math.abs(total)), () -> String.format(Locale.ROOT,
                "%s: %s %s != the sum of its clients' %s (%s)", merged.block().name(), what, fmt(m), fmt(total),
                String.join(" + ", terms)));
    }

    private static String fmt(double v) {
        return v == Math.rint(v) ? String.valueOf((long) v) : String.format(Locale.ROOT, "%.3f", v);
    }

    private static List<String> union(Map<String, Long> a, Map<String, Long> b) {
        List<String> keys = new ArrayList<>(a.keySet());
        b.keySet().stream().filter(k -> !keys.contains(k)).forEach(keys::add);
        return keys;
    }
}
