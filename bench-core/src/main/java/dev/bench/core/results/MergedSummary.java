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
import java.util.UUID;

/**
 * summary.json of a merge: the first client's fields, with everything that adds up added up (op
 * counts, throughput), the workload's figures combined as each declares ({@link FigureMerge}),
 * percentiles taken from the added histograms, integrity ok only when every client's was, and each
 * client's own verdict listed.
 */
final class MergedSummary {

    private static final List<String> COUNTS = List.of("completed", "accepted", "rejected", "failed", "retries", "reconnects");
    private static final List<String> SUMMED = List.of("offered_ops", "generated_ops", "completed_ops");
    private static final List<String> WORST = List.of("max_lag_ms");

    private MergedSummary() {
    }

    /** @param together the verdict of one check over all clients, or null to combine theirs */
    static ObjectNode of(List<RunFiles> clients, Path out, JsonNode together) {
        ObjectNode merged = clients.get(0).summary().isObject()
                ? ((ObjectNode) clients.get(0).summary()).deepCopy() : JsonNodeFactory.instance.objectNode();
        List<JsonNode> summaries = clients.stream().map(RunFiles::summary).toList();
        if (FigureMerge.hasRules(merged)) {
            FigureMerge.apply(merged, summaries);
        } else {
            sumTopLevelCounts(merged, clients); // results written before figures declared their rules
        }
        JsonNode phases = merged.path("phases");
        if (phases.isArray() && !phases.isEmpty()) {
            for (int i = 0; i < phases.size(); i++) {
                int index = i;
                List<JsonNode> parts = clients.stream().map(c -> c.summary().path("phases").path(index)).toList();
                String dir = phases.get(i).path("directory").asText("");
                mergeNumbers((ObjectNode) phases.get(i), parts, clients, dir);
                FigureMerge.apply((ObjectNode) phases.get(i), parts);
            }
        } else {
            mergeNumbers(merged, clients.stream().map(RunFiles::summary).toList(), clients, null);
        }
        merged.set("integrity", together != null ? together.deepCopy()
                : integrity(clients.stream().map(c -> c.summary().path("integrity")).toList(), clients));
        merged.put(ResultsDirectory.RUN_ID, UUID.randomUUID().toString());
        ArrayNode list = merged.putArray("clients");
        for (RunFiles c : clients) {
            ObjectNode entry = list.addObject();
            entry.put("results", c.dir().toString());
            entry.set(ResultsDirectory.RUN_ID, c.summary().path(ResultsDirectory.RUN_ID).deepCopy());
            entry.set("client_id", c.summary().path("options").path("client-id").deepCopy());
            entry.set("completed", completedPerKind(c.summary()));
            entry.set("seed", c.summary().path("run").path("seed").deepCopy());
            entry.set("environment", c.summary().path("environment").deepCopy());
            entry.set("integrity", c.summary().path("integrity").deepCopy());
            if (c.summary().has(ClientCostReport.KEY)) {
                entry.set(ClientCostReport.KEY, c.summary().path(ClientCostReport.KEY).deepCopy());
            }
        }
        merged.put("merged_into", out.toString());
        return merged;
    }

    /**
     * One block of phase numbers (the top level of a one-phase run, or one entry of "phases"): throughput
     * and counts added, percentiles from the added histograms of that phase, run settings of the whole.
     *
     * @param phaseDir the phase's subdirectory, or null for all phases together
     */
    private static void mergeNumbers(ObjectNode target, List<JsonNode> parts, List<RunFiles> clients, String phaseDir) {
        if (target.has("throughput")) {
            target.set("throughput", throughput(parts, clients));
        }
        target.set("ops", ops(parts, clients, phaseDir));
        target.remove(ClientCostReport.KEY); // each process's own cost: one-phase runs list it under "clients"
        if (target.has("integrity") && phaseDir != null) {
            target.set("integrity", integrity(parts.stream().map(p -> p.path("integrity")).toList(), clients));
        }
        if (target.path("run").isObject()) {
            ObjectNode run = (ObjectNode) target.path("run");
            run.remove("client_id");
            run.remove("seed");    // each client drew from its own stream; listed under "clients"
            if (run.has("total_target_ops_per_s")) {
                run.set("target_ops_per_s", run.get("total_target_ops_per_s"));
            }
        }
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

    /** A client's completed ops per kind, over all its phases: what {@code bench verify} adds up against the merge's. */
    private static ObjectNode completedPerKind(JsonNode summary) {
        ObjectNode perKind = JsonNodeFactory.instance.objectNode();
        List<JsonNode> blocks = new ArrayList<>();
        summary.path("phases").forEach(blocks::add);
        if (blocks.isEmpty()) {
            blocks.add(summary);
        }
        for (JsonNode block : blocks) {
            block.path("ops").fields().forEachRemaining(k ->
                    perKind.put(k.getKey(), perKind.path(k.getKey()).asLong() + k.getValue().path("completed").asLong()));
        }
        return perKind;
    }

    /**
     * Counts added; the window is the union of the clients' (from the earliest start to the latest end, on
     * the wall clock), and the rates are the summed counts over it, as a run's are over its own.
     */
    private static ObjectNode throughput(List<JsonNode> parts, List<RunFiles> clients) {
        ObjectNode t = ((ObjectNode) parts.get(0).path("throughput")).deepCopy();
        for (String f : SUMMED) {
            if (f.equals("offered_ops")) {
                if (t.has(f)) {
                    t.put(f, parts.stream().mapToDouble(c -> c.path("throughput").path(f).asDouble()).sum());
                }
            } else {
                t.put(f, parts.stream().mapToLong(c -> c.path("throughput").path(f).asLong()).sum());
            }
        }
        if (parts.stream().allMatch(c -> c.path("throughput").has("window_start_epoch_ms"))) {
            long startMs = parts.stream().mapToLong(c -> c.path("throughput").path("window_start_epoch_ms").asLong()).min().orElseThrow();
            double windowS = parts.stream().mapToDouble(c -> until(c, "window_s") - startMs / 1e3).max().orElseThrow();
            double drainS = parts.stream().mapToDouble(c -> until(c, "drain_s") - startMs / 1e3).max().orElseThrow();
            t.put("window_s", windowS);
            t.put("window_start_epoch_ms", startMs);
            t.put("drain_s", drainS);
            t.put("generated_ops_per_s", t.path("generated_ops").asLong() / windowS);
            t.put("actual_ops_per_s", t.path("completed_ops").asLong() / Math.max(drainS, 1e-9));
        } else { // clients written before their windows were recorded: their rates added, their longest drain
            for (String f : List.of("generated_ops_per_s", "actual_ops_per_s")) {
                t.put(f, parts.stream().mapToDouble(c -> c.path("throughput").path(f).asDouble()).sum());
            }
            t.put("drain_s", parts.stream().mapToDouble(c -> c.path("throughput").path("drain_s").asDouble()).max().orElse(0));
        }
        for (String f : WORST) {
            t.put(f, parts.stream().mapToDouble(c -> c.path("throughput").path(f).asDouble()).max().orElse(0));
        }
        boolean planned = parts.stream().allMatch(c -> c.path("throughput").path("completed_as_planned").asBoolean(true));
        t.put("completed_as_planned", planned);
        List<String> reasons = new ArrayList<>();
        for (int i = 0; i < parts.size(); i++) {
            String r = parts.get(i).path("throughput").path("stop_reason").asText("");
            if (!r.isEmpty() && !"null".equals(r)) {
                reasons.add(clients.get(i).dir().getFileName() + ": " + r);
            }
        }
        if (reasons.isEmpty()) {
            t.putNull("stop_reason");
        } else {
            t.put("stop_reason", String.join("; ", reasons));
        }
        return t;
    }

    /** Seconds since the epoch at which a client's window (or drain) of this block ended. */
    private static double until(JsonNode block, String seconds) {
        JsonNode t = block.path("throughput");
        return t.path("window_start_epoch_ms").asLong() / 1e3 + t.path(seconds).asDouble();
    }

    private static ObjectNode ops(List<JsonNode> parts, List<RunFiles> clients, String phaseDir) {
        ObjectNode ops = JsonNodeFactory.instance.objectNode();
        List<String> kinds = new ArrayList<>();
        parts.get(0).path("ops").fieldNames().forEachRemaining(kinds::add);
        if (kinds.isEmpty()) {
            kinds.addAll(clients.get(0).kinds());
        }
        for (String kind : kinds) {
            ObjectNode k = ops.putObject(kind);
            for (String f : COUNTS) {
                k.put(f, parts.stream().mapToLong(c -> c.path("ops").path(kind).path(f).asLong()).sum());
            }
            k.set("sojourn_us", ResultsJson.mapper().valueToTree(Percentiles.micros(total(clients, phaseDir, kind + ".sojourn"))));
            k.set("service_us", ResultsJson.mapper().valueToTree(Percentiles.micros(total(clients, phaseDir, kind + ".service"))));
        }
        return ops;
    }

    private static Histogram total(List<RunFiles> clients, String phaseDir, String tag) {
        Histogram sum = new Histogram(3);
        for (RunFiles c : clients) {
            c.phases().stream().filter(p -> phaseDir == null || p.name().equals(phaseDir))
                    .forEach(p -> sum.add(p.latency().total(tag)));
        }
        return sum;
    }

    /** @param checks one integrity block per client, in the clients' order */
    private static ObjectNode integrity(List<JsonNode> checks, List<RunFiles> clients) {
        ObjectNode i = JsonNodeFactory.instance.objectNode();
        boolean checked = checks.stream().allMatch(c -> c.path("checked").asBoolean(false));
        long ok = checks.stream().filter(c -> c.path("ok").asBoolean(false)).count();
        i.put("checked", checked);
        i.put("ok", ok == checks.size());
        StringBuilder verdict = new StringBuilder(ok + " of " + checks.size() + " clients ok");
        for (int c = 0; c < checks.size(); c++) {
            verdict.append("; ").append(clients.get(c).dir().getFileName()).append(": ")
                    .append(checks.get(c).path("verdict").asText("no verdict"));
        }
        i.put("verdict", verdict.toString());
        // integral fields a workload adds to its check (rows, in-doubt writes) add up too
        for (Iterator<Map.Entry<String, JsonNode>> it = checks.get(0).fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            if (e.getValue().isIntegralNumber()) {
                i.put(e.getKey(), checks.stream().mapToLong(c -> c.path(e.getKey()).asLong()).sum());
            }
        }
        return i;
    }
}
