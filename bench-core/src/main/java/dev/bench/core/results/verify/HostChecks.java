package dev.bench.core.results.verify;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.ArrayList;
import java.util.List;

/**
 * Each op counts against exactly one host: where summary.json has {@code hosts}, per kind the hosts'
 * completed, rejected and failed ops add up to the kind's, and each host's latency counts equal its
 * completed ops.
 */
final class HostChecks {

    private static final List<String> COUNTS = List.of("completed", "rejected", "failed");

    private HostChecks() {
    }

    static void check(Block b, Findings out) {
        JsonNode hosts = b.numbers().path("hosts");
        if (!hosts.isObject()) {
            return;
        }
        JsonNode ops = b.numbers().path("ops");
        List<String> kinds = new ArrayList<>();
        ops.fieldNames().forEachRemaining(kinds::add);
        for (String kind : kinds) {
            for (String count : COUNTS) {
                long sum = 0;
                for (JsonNode host : hosts) {
                    sum = Math.addExact(sum, Counts.of(host.path("ops").path(kind).path(count)));
                }
                long run = Counts.of(ops.path(kind).path(count));
                long hostsSum = sum;
                out.check(hostsSum == run, () -> b.name() + ": " + kind + ": the hosts' " + count + " ops add up to " + hostsSum
                        + ", the run's are " + run);
            }
        }
        hosts.fields().forEachRemaining(e -> e.getValue().path("ops").fields().forEachRemaining(k -> {
            long completed = Counts.of(k.getValue().path("completed"));
            long sojourn = Counts.of(k.getValue().path("sojourn_us").path("count"));
            long service = Counts.of(k.getValue().path("service_us").path("count"));
            out.check(completed == sojourn && sojourn == service, () -> b.name() + ": host " + e.getKey() + ", " + k.getKey()
                    + ": completed " + completed + ", sojourn_us.count " + sojourn + ", service_us.count " + service);
        }));
    }
}
