package dev.bench.core.profile;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What profiled the client over a phase's measured window and where it wrote, for summary.json's
 * {@code profile} and the report's {@code # profile:} line.
 *
 * @param profiler what sampled: {@code async-profiler 4.1}, or {@code jfr} where it could not load
 * @param event    the CPU event sampled: {@code cpu-clock} (perf_events), {@code ctimer}, {@code itimer},
 *                 or JFR's {@code jdk.ExecutionSample}
 * @param intervalMicros the CPU time between samples, µs
 * @param files    the files written into the phase's directory (the run's, for one phase), the flame graph
 *                 (or the JFR recording) first; empty when nothing could be written
 * @param note     why the profile is not what {@code --profile} asks for first (a fallback, a failure), or null
 */
public record ClientProfile(String profiler, String event, long intervalMicros, List<String> files, String note) {

    public ClientProfile {
        files = List.copyOf(files);
    }

    /** The report's line: where the flame graph is (in {@code phaseDir}, as shown) and what it sampled, or why there is none. */
    public String line(Path phaseDir) {
        String what = files.isEmpty() ? "not written" : phaseDir.resolve(files.get(0)).toString();
        return "# profile: " + what + " (" + profiler + ", " + event + " every " + intervalMicros / 1000.0 + " ms)"
                + (note == null ? "" : "; " + note);
    }

    /** summary.json's {@code profile} block. */
    public Map<String, Object> toSummary() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("profiler", profiler);
        m.put("event", event);
        m.put("interval_us", intervalMicros);
        m.put("files", files);
        if (note != null) {
            m.put("note", note);
        }
        return m;
    }
}
