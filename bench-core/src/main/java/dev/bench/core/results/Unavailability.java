package dev.bench.core.results;

import dev.bench.core.metrics.Outage;
import dev.bench.core.metrics.RunResult;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The windows in which writes were unavailable ({@link RunResult#outages()}), as summary.json's
 * {@code "unavailability"} and as the report's {@code # unavailable:} lines. Times are seconds from the
 * measured window's start, and wall-clock epoch milliseconds to set beside a server's log.
 */
public final class Unavailability {

    /** The key in summary.json (a phase's numbers) and the report's lines' prefix. */
    public static final String KEY = "unavailability";

    private Unavailability() {
    }

    /** summary.json's value: the windows, their total, the rule; null when there were none. */
    public static Map<String, Object> json(RunResult result) {
        if (result.outages().isEmpty()) {
            return null;
        }
        long runEnd = result.untilLastOpNanos();
        List<Map<String, Object>> windows = new ArrayList<>();
        long total = 0;
        for (Outage o : result.outages()) {
            Map<String, Object> w = new LinkedHashMap<>();
            w.put("start_s", o.startNanos() / 1e9);
            w.put("end_s", o.ended() ? o.endNanos() / 1e9 : null);
            w.put("length_s", o.lengthNanos(runEnd) / 1e9);
            w.put("start_epoch_ms", epochMillis(result, o.startNanos()));
            w.put("end_epoch_ms", o.ended() ? epochMillis(result, o.endNanos()) : null);
            w.put("failed_ops", o.failedOps());
            w.put("in_doubt_ops", o.inDoubtOps());
            windows.add(w);
            total += o.lengthNanos(runEnd);
        }
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("windows", windows);
        json.put("total_s", total / 1e9);
        json.put("rule", "first lost connection or stalled (over 1 s) write -> first write acknowledged that was sent after it");
        return json;
    }

    /** The report's lines, one per window; none when writes never stopped. */
    public static List<String> lines(RunResult result) {
        List<String> lines = new ArrayList<>();
        for (Outage o : result.outages()) {
            String until = o.ended() ? String.format(Locale.ROOT, "%.3f s", o.endNanos() / 1e9) : "the end of the run";
            lines.add(String.format(Locale.ROOT, "# unavailable: %.3f s, writes from %.3f s to %s: %d ops failed, %d in doubt",
                    o.lengthNanos(result.untilLastOpNanos()) / 1e9, o.startNanos() / 1e9, until, o.failedOps(), o.inDoubtOps()));
        }
        return lines;
    }

    private static long epochMillis(RunResult result, long nanosFromWindowStart) {
        return result.info().startEpochMillis() + Math.floorDiv(nanosFromWindowStart, 1_000_000);
    }
}
