package dev.bench.core.results;

import dev.bench.core.metrics.IntervalSnapshot;
import dev.bench.core.metrics.KindStats;
import dev.bench.core.metrics.Outcomes;
import dev.bench.core.metrics.RunInfo;
import org.HdrHistogram.Histogram;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A results directory written by the run's own writers from numbers a test chooses: one kind, "get",
 * one-second intervals; interval i's sojourn and service sample counts as given, all sojourns 1 ms and
 * services 100 µs. Its summary is what a consistent run would write (open loop at 100 ops/s, Poisson),
 * so a test changes one number and expects exactly the invariant it breaks.
 */
public final class HandMadeRun {

    public static final long T0 = 1_800_000_000_000L;

    private HandMadeRun() {
    }

    /** The interval files of {@code sojourn.length} intervals starting {@code firstS} s into the window. */
    public static void files(Path dir, int firstS, long[] sojourn, long[] service) throws Exception {
        Files.createDirectories(dir);
        try (IntervalCsvWriter csv = new IntervalCsvWriter(dir.resolve(ResultsDirectory.INTERVALS));
             LatencyLogWriter hlog = new LatencyLogWriter(dir.resolve(ResultsDirectory.HLOG))) {
            hlog.onStart(new RunInfo(null, List.of("get"), T0));
            for (int i = 0; i < sojourn.length; i++) {
                IntervalSnapshot s = new IntervalSnapshot((firstS + i) * 1_000_000_000L, (firstS + i + 1) * 1_000_000_000L,
                        false, 0, List.of(new KindStats("get", values(1_000_000, sojourn[i]), values(100_000, service[i]),
                        Outcomes.NONE)));
                csv.onInterval(s);
                hlog.onInterval(s);
            }
        }
    }

    public static Histogram values(long nanos, long count) {
        Histogram h = new Histogram(3);
        if (count > 0) {
            h.recordValueWithCount(nanos, count);
        }
        return h;
    }

    /** The "get" block of ops: counts and the spectra of {@code completed} samples. */
    public static Map<String, Object> ops(long completed) {
        Map<String, Object> get = new LinkedHashMap<>();
        get.put("completed", completed);
        get.put("rejected", 0);
        get.put("failed", 0);
        get.put("retries", 0);
        get.put("reconnects", 0);
        get.put("sojourn_us", Percentiles.micros(values(1_000_000, completed)));
        get.put("service_us", Percentiles.micros(values(100_000, completed)));
        return new LinkedHashMap<>(Map.of("get", get));
    }

    /** A consistent one-phase run of {@code seconds} intervals of 100 ops each, as summary.json would hold it. */
    public static Map<String, Object> run(Path dir, int seconds) throws Exception {
        long[] counts = new long[seconds];
        java.util.Arrays.fill(counts, 100);
        files(dir, 0, counts, counts);
        long total = 100L * seconds;
        Map<String, Object> run = new LinkedHashMap<>();
        run.put("loop", "open");
        run.put("target_ops_per_s", 100.0);
        run.put("arrivals", "poisson");
        run.put("runtime_s", (double) seconds);
        Map<String, Object> t = new LinkedHashMap<>();
        t.put("window_s", (double) seconds);
        t.put("window_start_epoch_ms", T0);
        t.put("offered_ops", (double) total);
        t.put("generated_ops", total);
        t.put("completed_ops", total);
        t.put("generated_ops_per_s", total / (double) seconds);
        t.put("actual_ops_per_s", total / (double) seconds);
        t.put("drain_s", (double) seconds);
        Map<String, Object> summary = new LinkedHashMap<>();
        summary.put("workload", "kv");
        summary.put("run_id", "run-" + dir.getFileName());
        summary.put("run", run);
        summary.put("throughput", t);
        summary.put("ops", ops(total));
        write(dir, summary);
        return summary;
    }

    public static void write(Path dir, Map<String, Object> summary) {
        ResultsJson.write(dir.resolve(ResultsDirectory.SUMMARY), summary);
    }

    @SuppressWarnings("unchecked")
    public static Map<String, Object> block(Map<String, Object> summary, String name) {
        return (Map<String, Object>) summary.get(name);
    }
}
