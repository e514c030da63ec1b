package dev.bench.core.results;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.HdrHistogram.Histogram;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * summary.json of a merge: the first client's fields, with everything that adds up added up (op
 * counts, throughput, top-level counts such as acknowledged votes), percentiles taken from the added
 * histograms, integrity ok only when every client's was, and each client's own verdict listed.
 */
final class MergedSummary {

    private static final List<String> COUNTS = List.of("completed", "accepted", "rejected", "failed", "retries", "reconnects");
    private static final List<String> SUMMED = List.of("generated_ops", "completed_ops", "generated_ops_per_s", "actual_ops_per_s");
    private static final List<String> WORST = List.of("drain_s", "max_lag_ms");

    private MergedSummary() {
    }

    static ObjectNode of(List<RunFiles> clients, Path out) {
        ObjectNode merged = clients.get(0).summary().isObject()
                ? ((ObjectNode) clients.get(0).summary()).deepCopy() : JsonNodeFactory.instance.objectNode();
        sumTopLevelCounts(merged, clients);
        merged.set("throughput", throughput(clients));
        merged.set("ops", ops(clients));
        merged.set("integrity", integrity(clients));
        ArrayNode list = merged.putArray("clients");
        for (RunFiles c : clients) {
            ObjectNode entry = list.addObject();
            entry.put("results", c.dir().toString());
            entry.set("environment", c.summary().path("environment").deepCopy());
            entry.set("integrity", c.summary().path("integrity").deepCopy());
        }
        merged.put("merged_into", out.toString());
        return merged;
    }

    /** Integral top-level numbers (acknowledged_votes and the like) are per-client counts: add them. */
    private static void sumTopLevelCounts(ObjectNode merged, List<RunFiles> clients) {
        List<String> names = new ArrayList<>();
        merged.fieldNames().forEachRemaining(names::add);
        for (String name : names) {
            if (merged.get(name).isIntegralNumber()) {
                merged.put(name, clients.stream().mapToLong(c -> c.summary().path(name).asLong()).sum());
            }
        }
    }

    private static ObjectNode throughput(List<RunFiles> clients) {
        ObjectNode t = ((ObjectNode) clients.get(0).summary().path("throughput")).deepCopy();
        for (String f : SUMMED) {
            double sum = clients.stream().mapToDouble(c -> c.summary().path("throughput").path(f).asDouble()).sum();
            if (f.endsWith("_ops")) {
                t.put(f, (long) sum);
            } else {
                t.put(f, sum);
            }
        }
        for (String f : WORST) {
            t.put(f, clients.stream().mapToDouble(c -> c.summary().path("throughput").path(f).asDouble()).max().orElse(0));
        }
        boolean planned = clients.stream().allMatch(c -> c.summary().path("throughput").path("completed_as_planned").asBoolean(true));
        t.put("completed_as_planned", planned);
        List<String> reasons = new ArrayList<>();
        for (RunFiles c : clients) {
            String r = c.summary().path("throughput").path("stop_reason").asText("");
            if (!r.isEmpty() && !"null".equals(r)) {
                reasons.add(c.dir().getFileName() + ": " + r);
            }
        }
        if (reasons.isEmpty()) {
            t.putNull("stop_reason");
        } else {
            t.put("stop_reason", String.join("; ", reasons));
        }
        return t;
    }

    private static ObjectNode ops(List<RunFiles> clients) {
        ObjectNode ops = JsonNodeFactory.instance.objectNode();
        for (String kind : clients.get(0).kinds()) {
            ObjectNode k = ops.putObject(kind);
            for (String f : COUNTS) {
                k.put(f, clients.stream().mapToLong(c -> c.summary().path("ops").path(kind).path(f).asLong()).sum());
            }
            k.set("sojourn_us", ResultsJson.mapper().valueToTree(Percentiles.micros(total(clients, kind + ".sojourn"))));
            k.set("service_us", ResultsJson.mapper().valueToTree(Percentiles.micros(total(clients, kind + ".service"))));
        }
        return ops;
    }

    private static Histogram total(List<RunFiles> clients, String tag) {
        Histogram sum = new Histogram(3);
        for (RunFiles c : clients) {
            c.phases().forEach(p -> sum.add(p.latency().total(tag)));
        }
        return sum;
    }

    private static ObjectNode integrity(List<RunFiles> clients) {
        ObjectNode i = JsonNodeFactory.instance.objectNode();
        boolean checked = clients.stream().allMatch(c -> c.summary().path("integrity").path("checked").asBoolean(false));
        long ok = clients.stream().filter(c -> c.summary().path("integrity").path("ok").asBoolean(false)).count();
        i.put("checked", checked);
        i.put("ok", ok == clients.size());
        i.put("verdict", ok + " of " + clients.size() + " clients ok" + verdicts(clients));
        sumIntegrityCounts(i, clients);
        return i;
    }

    private static String verdicts(List<RunFiles> clients) {
        StringBuilder s = new StringBuilder();
        for (RunFiles c : clients) {
            s.append("; ").append(c.dir().getFileName()).append(": ")
                    .append(c.summary().path("integrity").path("verdict").asText("no verdict"));
        }
        return s.toString();
    }

    /** Integral fields a workload puts in its integrity block (rows, in-doubt writes) add up too. */
    private static void sumIntegrityCounts(ObjectNode i, List<RunFiles> clients) {
        JsonNode first = clients.get(0).summary().path("integrity");
        for (Iterator<Map.Entry<String, JsonNode>> it = first.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            if (e.getValue().isIntegralNumber()) {
                i.put(e.getKey(), clients.stream().mapToLong(c -> c.summary().path("integrity").path(e.getKey()).asLong()).sum());
            }
        }
    }
}
