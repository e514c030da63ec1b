package dev.bench.core.results;

import dev.bench.core.metrics.ClientCost;
import dev.bench.core.metrics.RunResult;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * What the client cost ({@link RunResult#client()}), as summary.json's {@code "client"} and as the
 * report's {@code # client:} lines, with one more line when the client was the bottleneck.
 */
public final class ClientCostReport {

    /** The key in summary.json (a phase's numbers). */
    public static final String KEY = "client";

    private ClientCostReport() {
    }

    /** summary.json's value; null when the run has no client figures. */
    public static Map<String, Object> json(RunResult result) {
        if (result.client() == null) {
            return null;
        }
        Map<String, Object> json = json(result.client());
        json.put("pacing_spin", result.config().pacingSpin()); // RunConfig#pacingSpin: 0 parks only
        return json;
    }

    /** summary.json's value for these figures. */
    public static Map<String, Object> json(ClientCost c) {
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("cpu_user_s", c.userNanos() / 1e9);
        json.put("cpu_system_s", c.systemNanos() / 1e9);
        json.put("span_s", c.spanNanos() / 1e9);
        json.put("cores", c.cores());
        json.put("ops", c.ops());
        json.put("cpu_us_per_op", c.ops() == 0 ? null : c.cpuMicrosPerOp());
        json.put("cpu_utilisation", c.utilisation());
        json.put("client_bound", c.clientBound());
        json.put("gc_pauses", c.gcPauses());
        json.put("gc_pause_total_ms", c.gcTotalMillis());
        json.put("gc_pause_max_ms", c.gcMaxMillis());
        Map<String, Object> lag = new LinkedHashMap<>();
        lag.put("mean", c.lagMeanNanos() / 1e3);
        lag.put("p99", c.lagP99Nanos() / 1e3);
        lag.put("max", c.lagMaxNanos() / 1e3);
        json.put("schedule_lag_us", lag);
        json.put("workers", c.workers());
        json.put("workers_serving_share", c.servingShare());
        json.put("backlog_lag_max_s", c.backlogLagMaxNanos() / 1e9);
        json.put("late_workers_serving_share", Double.isNaN(c.lateServingShare()) ? null : c.lateServingShare());
        json.put("source", "process utime/stime (/proc/self/stat) from the window's start to its last op; "
                + "GC pauses from the GarbageCollectorMXBeans; lag = started - intended, per measured op");
        return json;
    }

    /** The report's lines: the cost, then the bottleneck line when it applies; none without figures. */
    public static List<String> lines(RunResult result) {
        ClientCost c = result.client();
        List<String> lines = new ArrayList<>();
        if (c == null) {
            return lines;
        }
        lines.add(String.format(Locale.ROOT, "# client: cpu %.2f s user + %.2f s system over %.1f s (%.0f%% of %d core%s), "
                + "%s us/op; gc pauses %d, %d ms total, %d ms max; schedule lag mean %.3f ms, p99 %.3f ms, max %.3f ms",
                c.userNanos() / 1e9, c.systemNanos() / 1e9, c.spanNanos() / 1e9, c.utilisation() * 100, c.cores(),
                c.cores() == 1 ? "" : "s", c.ops() == 0 ? "-" : String.format(Locale.ROOT, "%.1f", c.cpuMicrosPerOp()),
                c.gcPauses(), c.gcTotalMillis(), c.gcMaxMillis(), c.lagMeanNanos() / 1e6, c.lagP99Nanos() / 1e6, c.lagMaxNanos() / 1e6));
        if (c.clientBound()) {
            String why = c.utilisation() >= ClientCost.BOUND_UTILISATION
                    ? String.format(Locale.ROOT, "its CPU was %.0f%% of its %d core%s", c.utilisation() * 100, c.cores(),
                            c.cores() == 1 ? "" : "s")
                    : String.format(Locale.ROOT, "the schedule fell %.1f s behind while its workers served the backend %.0f%% "
                            + "of the time (its CPU %.0f%% of %d core%s: other processes had the rest)", c.backlogLagMaxNanos() / 1e9,
                            c.servingShare() * 100, c.utilisation() * 100, c.cores(), c.cores() == 1 ? "" : "s");
            lines.add("# the client was the bottleneck: " + why + "; these figures measured the tool, not the server "
                    + "(fewer workers, a lower rate, or a client machine of its own)");
        }
        return lines;
    }
}
