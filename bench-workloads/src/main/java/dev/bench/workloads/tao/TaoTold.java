package dev.bench.workloads.tao;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What one TAOBench client was told in an experiment (rows added and deleted, rows in doubt) and the
 * row counts it started from, as summary.json's {@code told}; and several clients' experiments added up
 * for one check over all of them.
 */
final class TaoTold {

    private TaoTold() {
    }

    static Map<String, Object> of(TaoCounters c, TaoCheck.Counts before, long beforeAtMillis) {
        Map<String, Object> told = new LinkedHashMap<>();
        told.put("edges_added", c.edgesAdded.sum());
        told.put("edges_deleted", c.edgesDeleted.sum());
        told.put("objects_added", c.objectsAdded.sum());
        told.put("objects_deleted", c.objectsDeleted.sum());
        told.put("edges_in_doubt", c.edgesInDoubt.sum());
        told.put("objects_in_doubt", c.objectsInDoubt.sum());
        told.put("before", Map.of("edges", before.edges(), "objects", before.objects(), "at_ms", beforeAtMillis));
        return told;
    }

    /** Every client's every experiment added up. */
    static TaoCounters counters(List<JsonNode> told) {
        TaoCounters sum = new TaoCounters();
        for (JsonNode t : told) {
            sum.edgesAdded.add(t.path("edges_added").asLong());
            sum.edgesDeleted.add(t.path("edges_deleted").asLong());
            sum.objectsAdded.add(t.path("objects_added").asLong());
            sum.objectsDeleted.add(t.path("objects_deleted").asLong());
            sum.edgesInDoubt.add(t.path("edges_in_doubt").asLong());
            sum.objectsInDoubt.add(t.path("objects_in_doubt").asLong());
        }
        return sum;
    }

    /** The counts read first, before any client wrote. */
    static TaoCheck.Counts before(List<JsonNode> told) {
        JsonNode b = told.stream().map(t -> t.path("before")).min(Comparator.comparingLong(x -> x.path("at_ms").asLong())).orElseThrow();
        return new TaoCheck.Counts(b.path("edges").asLong(), b.path("objects").asLong());
    }
}
