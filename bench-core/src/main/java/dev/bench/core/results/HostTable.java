package dev.bench.core.results;

import dev.bench.core.metrics.HostStats;
import dev.bench.core.metrics.KindStats;
import dev.bench.core.metrics.RunResult;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The ops each host served ({@link RunResult#hosts()}), as summary.json's {@code "hosts"} and as the
 * report's {@code # host} table; both only when more than one host served the run, so a run against one
 * server reads as it always did. Per host and kind: completed, rejected and failed ops, and sojourn and
 * service percentiles; per host, stale reads where the workload can tell.
 */
public final class HostTable {

    /** The key in summary.json (a phase's numbers). */
    public static final String KEY = "hosts";

    private HostTable() {
    }

    /** summary.json's value, by host name; null when one host served the run. */
    public static Map<String, Object> json(RunResult result) {
        if (!result.manyHosts()) {
            return null;
        }
        Map<String, Object> hosts = new LinkedHashMap<>();
        for (HostStats h : result.hosts()) {
            Map<String, Object> host = new LinkedHashMap<>();
            Map<String, Object> ops = new LinkedHashMap<>();
            for (KindStats k : h.kinds()) {
                Map<String, Object> m = new LinkedHashMap<>();
                m.put("completed", k.completed());
                m.put("rejected", k.outcomes().rejected());
                m.put("failed", k.outcomes().failed());
                m.put("sojourn_us", Percentiles.micros(k.sojourn()));
                m.put("service_us", Percentiles.micros(k.service()));
                ops.put(k.name(), m);
            }
            host.put("ops", ops);
            if (h.staleReads() >= 0) {
                host.put("stale_reads", h.staleReads());
            }
            hosts.put(h.host(), host);
        }
        return hosts;
    }

    /**
     * The report's table, one line per host and kind it served; none when one host served the run:
     * <pre>
     * # host                  kind      ops  failed  p50 ms  p99 ms  stale reads
     * # 127.0.0.1:5441        write    1197       0    1.21    4.80
     * # 127.0.0.1:5442        read    10803       0    0.62    2.10  3
     * </pre>
     */
    public static List<String> lines(RunResult result) {
        List<String> lines = new ArrayList<>();
        if (!result.manyHosts()) {
            return lines;
        }
        int width = Math.max("host".length(), result.hosts().stream().mapToInt(h -> h.host().length()).max().orElse(0));
        int kindWidth = Math.max("kind".length(), result.kinds().stream().mapToInt(k -> k.name().length()).max().orElse(0));
        boolean stale = result.hosts().stream().anyMatch(h -> h.staleReads() >= 0);
        lines.add(String.format(Locale.ROOT, "# %-" + width + "s  %-" + kindWidth + "s  %9s  %7s  %8s  %8s%s", "host", "kind", "ops",
                "failed", "p50 ms", "p99 ms", stale ? "  stale reads" : ""));
        for (HostStats h : result.hosts()) {
            boolean first = true;
            for (KindStats k : h.kinds()) {
                if (k.completed() + k.outcomes().failed() == 0) {
                    continue;
                }
                String staleColumn = stale && first && h.staleReads() >= 0 ? "  " + h.staleReads() : "";
                lines.add(String.format(Locale.ROOT, "# %-" + width + "s  %-" + kindWidth + "s  %9d  %7d  %8.2f  %8.2f%s", h.host(),
                        k.name(), k.completed(), k.outcomes().failed(), percentileMs(k, 50), percentileMs(k, 99), staleColumn));
                first = false;
            }
        }
        return lines;
    }

    private static double percentileMs(KindStats k, double p) {
        return k.completed() == 0 ? 0 : k.sojourn().getValueAtPercentile(p) / 1e6;
    }
}
