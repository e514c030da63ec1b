package dev.bench.core.results;

import com.fasterxml.jackson.databind.JsonNode;
import dev.bench.core.BenchException;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Set;

/**
 * What {@code bench merge} refuses before it writes anything: inputs that are not the clients of one
 * run. Each refusal is one line naming the two inputs ({@link Refused}):
 * <ul>
 *   <li>the same client run twice (one directory given twice, a copy of one: the same {@code run_id}; or two
 *       runs that were both client I of N): its ops would count twice;</li>
 *   <li>different workloads, or different settings: every option in summary.json's {@code options} must
 *       agree except {@link #PER_CLIENT} (which client it was, where it wrote, where it connected);</li>
 *   <li>a client that measured no op (an empty latency.hlog: it failed, or was stopped before its window);</li>
 *   <li>measured windows that don't overlap: runs taken one after the other, not together.</li>
 * </ul>
 * Summaries written before a field existed (no run_id, no options) skip the checks that need it.
 */
public final class MergeInputs {

    /**
     * Options that differ between the clients of one run: which client, where results and metrics go, the
     * histogram file, whether its CPU was profiled, and how each reached the database (one client per host of a cluster). Everything
     * else (workload, rate, schedule, threads, seed, durations, ...) must agree.
     */
    public static final Set<String> PER_CLIENT = Set.of("client-id", "results", "metrics-port", "histogram", "profile",
            "url", "address", "database", "user", "password", "pool-size", "container", "start-at");

    /** One line, naming both inputs; {@code bench merge} exits 2 with it (bad input). */
    public static final class Refused extends BenchException {
        private static final long serialVersionUID = 1L;

        Refused(String message) {
            super(message);
        }
    }

    private MergeInputs() {
    }

    /** @throws Refused when the inputs are not the clients of one run */
    public static void check(List<RunFiles> clients) {
        for (int i = 0; i < clients.size(); i++) {
            for (int j = i + 1; j < clients.size(); j++) {
                pair(clients.get(i), clients.get(j));
            }
        }
        for (RunFiles c : clients) {
            measuredSomething(c);
        }
        for (int i = 0; i < clients.size(); i++) {
            for (int j = i + 1; j < clients.size(); j++) {
                overlap(clients.get(i), clients.get(j));
            }
        }
    }

    private static void pair(RunFiles a, RunFiles b) {
        String both = a.dir() + " and " + b.dir();
        if (sameFile(a.dir(), b.dir())) {
            throw new Refused(both + " are the same directory: its ops would count twice; give each client's results once");
        }
        String idA = a.summary().path(ResultsDirectory.RUN_ID).asText("");
        if (!idA.isEmpty() && idA.equals(b.summary().path(ResultsDirectory.RUN_ID).asText(""))) {
            throw new Refused(both + " are the same client run (run_id " + idA + "): its ops would count twice; "
                    + "give each client's results once");
        }
        if (!a.workload().equals(b.workload())) {
            throw new Refused(both + " are runs of different workloads (" + a.workload() + ", " + b.workload()
                    + "); merge the clients of one run");
        }
        JsonNode optionsA = a.summary().path("options");
        JsonNode optionsB = b.summary().path("options");
        if (optionsA.isObject() && optionsB.isObject()) {
            String differs = firstDifference(optionsA, optionsB);
            if (differs != null) {
                throw new Refused(both + " were run with different settings (--" + differs + " "
                        + optionsA.path(differs) + " and " + optionsB.path(differs) + "); merge the clients of one run");
            }
            int clientsA = optionsA.path("clients").asInt(1);
            if (clientsA > 1 && optionsA.path("client-id").equals(optionsB.path("client-id"))) {
                throw new Refused(both + " are both client " + optionsA.path("client-id") + " of " + clientsA
                        + "; merge one run of each --client-id");
            }
        }
    }

    /** The first option, other than {@link #PER_CLIENT}, that one of the two lacks or sets differently; null if none. */
    private static String firstDifference(JsonNode a, JsonNode b) {
        List<String> names = new ArrayList<>();
        a.fieldNames().forEachRemaining(names::add);
        b.fieldNames().forEachRemaining(n -> {
            if (!names.contains(n)) {
                names.add(n);
            }
        });
        for (String name : names) {
            if (!PER_CLIENT.contains(name) && !Objects.equals(a.get(name), b.get(name))) {
                return name;
            }
        }
        return null;
    }

    private static void measuredSomething(RunFiles c) {
        for (RunFiles.Phase p : c.phases()) {
            if (p.latency().isEmpty()) {
                String why = stopReason(c.summary());
                throw new Refused(c.dir() + " measured no op (its " + (p.name().isEmpty() ? "" : p.name() + "/")
                        + ResultsDirectory.HLOG + " is empty: that client failed or stopped before its window"
                        + (why.isEmpty() ? "" : "; it says: " + why) + "); merge the clients that ran");
            }
        }
        if (c.phases().isEmpty()) {
            throw new Refused(c.dir() + " holds no " + ResultsDirectory.HLOG + ": that client measured nothing; "
                    + "merge the clients that ran");
        }
    }

    /** The run's stop reason (a one-phase run's; a multi-phase run's first that has one), or "". */
    private static String stopReason(JsonNode summary) {
        String top = summary.path("throughput").path("stop_reason").asText("");
        if (!top.isEmpty() && !"null".equals(top)) {
            return top;
        }
        for (JsonNode phase : summary.path("phases")) {
            String r = phase.path("throughput").path("stop_reason").asText("");
            if (!r.isEmpty() && !"null".equals(r)) {
                return r;
            }
        }
        return "";
    }

    /** Overlap of the measured windows, from the logs' first start to last end (the wall clock they share). */
    private static void overlap(RunFiles a, RunFiles b) {
        long startA = a.phases().stream().mapToLong(p -> p.latency().startMs()).min().orElse(0);
        long endA = a.phases().stream().mapToLong(p -> p.latency().endMs()).max().orElse(0);
        long startB = b.phases().stream().mapToLong(p -> p.latency().startMs()).min().orElse(0);
        long endB = b.phases().stream().mapToLong(p -> p.latency().endMs()).max().orElse(0);
        if (startA >= endB || startB >= endA) {
            throw new Refused(String.format(Locale.ROOT,
                    "%s and %s measured at different times (windows %s and %s, %.1f s apart): not clients of one "
                            + "run; start them together (--start-at)", a.dir(), b.dir(), span(startA, endA),
                    span(startB, endB), Math.max(startA, startB) / 1e3 - Math.min(endA, endB) / 1e3));
        }
    }

    private static String span(long fromMs, long toMs) {
        return Instant.ofEpochMilli(fromMs) + ".." + Instant.ofEpochMilli(toMs);
    }

    private static boolean sameFile(Path a, Path b) {
        try {
            return a.toRealPath().equals(b.toRealPath());
        } catch (IOException e) {
            return a.toAbsolutePath().normalize().equals(b.toAbsolutePath().normalize());
        }
    }
}
