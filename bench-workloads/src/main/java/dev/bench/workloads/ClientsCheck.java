package dev.bench.workloads;

import com.fasterxml.jackson.databind.JsonNode;
import dev.bench.core.Failures;
import dev.bench.core.run.IntegrityCheck;
import dev.bench.core.run.TargetSettings;

import java.util.ArrayList;
import java.util.List;

/**
 * The after-run check once over several clients that wrote one database (run with {@code --clients N}):
 * each client deferred its own check and recorded what it was told; this adds those up and asks the
 * workload to compare the database with the sums ({@link dev.bench.core.run.WorkloadType#checkTogether}).
 */
public final class ClientsCheck {

    private ClientsCheck() {
    }

    /**
     * @param summaries every client's summary.json
     * @return the verdict, or null when the clients checked themselves (one client each, or results
     *         written before clients deferred their checks)
     */
    public static IntegrityCheck of(List<JsonNode> summaries, TargetSettings target) {
        if (!deferred(summaries.get(0))) {
            return null;
        }
        List<JsonNode> told = new ArrayList<>();
        for (JsonNode s : summaries) {
            if (s.has("told")) {
                told.add(s.get("told"));
            }
            s.path("phases").forEach(p -> {
                if (p.has("told")) {
                    told.add(p.get("told"));
                }
            });
        }
        if (told.isEmpty()) {
            return null;
        }
        if (target.url() == null && target.address() == null) {
            return IntegrityCheck.notChecked("the clients deferred their checks to this merge: give the target "
                    + "options (--url, or --address) to check what all of them were told");
        }
        try {
            IntegrityCheck check = Workloads.named(summaries.get(0).path("workload").asText()).checkTogether(target, told);
            return new IntegrityCheck(check.checked(), check.ok(), check.verdict() + " (once over " + summaries.size() + " clients)");
        } catch (Exception e) {
            return IntegrityCheck.couldNotRun(Failures.describe(e));
        }
    }

    /** Whether the run had several clients, which leave the check to the merge. */
    private static boolean deferred(JsonNode summary) {
        JsonNode run = summary.has("run") ? summary.path("run") : summary.path("phases").path(0).path("run");
        return run.path("clients").asInt(1) > 1;
    }
}
