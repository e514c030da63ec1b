package dev.bench.core.report;

import com.fasterxml.jackson.databind.JsonNode;
import dev.bench.core.Secrets;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/** summary.json as HTML tables: the per-kind numbers, then every other field, secrets masked again. */
final class SummaryTables {

    private static final List<String> SHOWN_ELSEWHERE = List.of("ops", "phases");

    private SummaryTables() {
    }

    static List<List<String>> opsTable(JsonNode ops) {
        List<List<String>> rows = new ArrayList<>();
        rows.add(List.of("op", "completed", "rejected", "failed", "retries", "reconnects",
                "sojourn p50 ms", "p99", "p99.9", "max", "service p50 ms", "p99"));
        for (Iterator<Map.Entry<String, JsonNode>> it = ops.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            JsonNode k = e.getValue();
            JsonNode so = k.path("sojourn_us");
            JsonNode se = k.path("service_us");
            rows.add(List.of(e.getKey(), count(k, "completed"), count(k, "rejected"), count(k, "failed"),
                    count(k, "retries"), count(k, "reconnects"), ms(so, "p50"), ms(so, "p99"), ms(so, "p99.9"),
                    ms(so, "max"), ms(se, "p50"), ms(se, "p99")));
        }
        return rows;
    }

    private static String count(JsonNode n, String field) {
        return n.has(field) ? Fmt.count(n.path(field).asDouble()) : "-";
    }

    private static String ms(JsonNode n, String field) {
        return n.has(field) ? Fmt.ms(n.path(field).asDouble() / 1e3) : "-";
    }

    /** Top-level scalars as "Run", then one table per object field (nested objects flattened a.b.c). */
    static void details(HtmlPage page, JsonNode summary) {
        List<List<String>> run = new ArrayList<>();
        run.add(List.of("overview", ""));
        List<Map.Entry<String, JsonNode>> objects = new ArrayList<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = summary.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            if (SHOWN_ELSEWHERE.contains(e.getKey())) {
                continue;
            }
            if (e.getValue().isContainerNode()) {
                objects.add(e);
            } else {
                run.add(List.of(e.getKey(), masked(e.getKey(), e.getValue())));
            }
        }
        if (run.size() > 1) {
            page.heading(2, "Overview").table(run);
        }
        for (Map.Entry<String, JsonNode> e : objects) {
            List<List<String>> rows = new ArrayList<>();
            rows.add(List.of(e.getKey(), ""));
            flatten("", e.getValue(), rows);
            page.heading(2, e.getKey()).table(rows);
        }
    }

    private static void flatten(String prefix, JsonNode node, List<List<String>> rows) {
        if (node.isObject()) {
            node.fields().forEachRemaining(f -> flatten(prefix.isEmpty() ? f.getKey() : prefix + "." + f.getKey(), f.getValue(), rows));
        } else if (node.isArray()) {
            for (int i = 0; i < node.size(); i++) {
                flatten(prefix + "[" + i + "]", node.get(i), rows);
            }
        } else {
            rows.add(List.of(prefix, masked(prefix, node)));
        }
    }

    /** The summary is masked when written; masking again here costs nothing and guards old files. */
    private static String masked(String name, JsonNode value) {
        if (value.isNull()) {
            return "";
        }
        String leaf = name.contains(".") ? name.substring(name.lastIndexOf('.') + 1) : name;
        if (Secrets.isSecretName(leaf)) {
            return Secrets.MASK;
        }
        return Secrets.maskUrl(value.asText());
    }
}
