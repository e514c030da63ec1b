package dev.bench.core.results;

import dev.bench.core.BenchException;
import dev.bench.core.RunConfig;
import dev.bench.core.metrics.IntervalListener;
import dev.bench.core.metrics.KindStats;
import dev.bench.core.metrics.RunResult;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * Where one run's machine-readable results go: {@code summary.json}, {@code intervals.csv} and
 * {@code latency.hlog}. Never writes into a directory that already holds files, so an earlier run's
 * results (or anything else of the user's) are never overwritten.
 */
public final class ResultsDirectory implements AutoCloseable {

    public static final String SUMMARY = "summary.json";
    public static final String INTERVALS = "intervals.csv";
    public static final String HLOG = "latency.hlog";

    private final Path path;
    private final IntervalCsv csv;
    private final HlogWriter hlog;

    private ResultsDirectory(Path path) throws IOException {
        this.path = path;
        this.csv = new IntervalCsv(path.resolve(INTERVALS));
        this.hlog = new HlogWriter(path.resolve(HLOG));
    }

    /**
     * @param requested the user's {@code --results DIR}, or null for {@code results/<workload>-<time>}
     */
    public static ResultsDirectory create(Path requested, String workload) {
        Path dir = requested != null ? requested : defaultPath(workload);
        try {
            if (Files.isDirectory(dir)) {
                try (Stream<Path> entries = Files.list(dir)) {
                    if (entries.findAny().isPresent()) {
                        throw new BenchException("results directory " + dir + " is not empty; choose another --results");
                    }
                }
            } else if (Files.exists(dir)) {
                throw new BenchException("results path " + dir + " is a file, not a directory; choose another --results");
            }
            Files.createDirectories(dir);
            return new ResultsDirectory(dir);
        } catch (IOException e) {
            throw new BenchException("cannot create results directory " + dir + ": " + e.getMessage(), e);
        }
    }

    private static Path defaultPath(String workload) {
        String stamp = LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss"));
        Path base = Paths.get("results", workload + "-" + stamp);
        Path candidate = base;
        for (int i = 2; Files.exists(candidate); i++) {
            candidate = Paths.get(base + "-" + i);
        }
        return candidate;
    }

    public Path path() {
        return path;
    }

    /** The live writers (CSV and HdrHistogram log) to pass to the engine. */
    public List<IntervalListener> listeners() {
        return List.of(csv, hlog);
    }

    /**
     * Writes summary.json: the run's numbers plus what the caller adds (workload, masked options,
     * target and server version, integrity verdict). Callers must already have masked secrets.
     */
    public Path writeSummary(RunResult result, Map<String, Object> extras) {
        Map<String, Object> summary = new LinkedHashMap<>(extras);
        summary.put("environment", environment());
        summary.put("run", runSettings(result.config()));
        summary.put("throughput", throughput(result));
        Map<String, Object> ops = new LinkedHashMap<>();
        for (KindStats k : result.kinds()) {
            ops.put(k.name(), kindSummary(k));
        }
        summary.put("ops", ops);
        Path file = path.resolve(SUMMARY);
        try {
            Files.writeString(file, Json.write(summary));
            return file;
        } catch (IOException e) {
            throw new BenchException("cannot write " + file + ": " + e.getMessage(), e);
        }
    }

    private static Map<String, Object> environment() {
        Map<String, Object> env = new LinkedHashMap<>();
        env.put("time", Instant.now().toString());
        env.put("java", System.getProperty("java.vm.name") + " " + System.getProperty("java.runtime.version"));
        env.put("os", System.getProperty("os.name") + " " + System.getProperty("os.version") + " " + System.getProperty("os.arch"));
        env.put("cpus", Runtime.getRuntime().availableProcessors());
        env.put("max_heap_mb", Runtime.getRuntime().maxMemory() / (1024 * 1024));
        return env;
    }

    private static Map<String, Object> runSettings(RunConfig c) {
        Map<String, Object> run = new LinkedHashMap<>();
        run.put("loop", c.isOpenLoop() ? "open" : "closed");
        run.put("target_ops_per_s", c.isOpenLoop() ? c.targetOpsPerSec() : null);
        run.put("arrivals", c.isOpenLoop() ? c.arrivals().name().toLowerCase() : null);
        run.put("threads", c.threads());
        run.put("warmup_s", c.warmup().toMillis() / 1e3);
        run.put("runtime_s", c.duration().toMillis() / 1e3);
        run.put("seed", c.seed());
        run.put("report_interval_s", c.reportInterval().toMillis() / 1e3);
        run.put("max_lag_s", c.maxLag().toMillis() / 1e3);
        return run;
    }

    private static Map<String, Object> throughput(RunResult r) {
        Map<String, Object> t = new LinkedHashMap<>();
        t.put("generated_ops", r.generatedTotal());
        t.put("completed_ops", r.completedTotal());
        t.put("generated_ops_per_s", r.generatedPerSec());
        t.put("actual_ops_per_s", r.actualPerSec());
        t.put("drain_s", r.drainNanos() / 1e9);
        t.put("max_lag_ms", r.maxLagNanos() / 1e6);
        t.put("completed_as_planned", r.completedAsPlanned());
        t.put("stop_reason", r.stopReason());
        return t;
    }

    private static Map<String, Object> kindSummary(KindStats k) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("completed", k.completed());
        m.put("accepted", k.accepted());
        m.put("rejected", k.outcomes().rejected());
        m.put("failed", k.outcomes().failed());
        m.put("retries", k.outcomes().retries());
        m.put("reconnects", k.outcomes().reconnects());
        m.put("sojourn_us", Percentiles.micros(k.sojourn()));
        m.put("service_us", Percentiles.micros(k.service()));
        return m;
    }

    @Override
    public void close() throws IOException {
        csv.close();
        hlog.close();
    }
}
