package dev.bench.core.results;

import dev.bench.core.BenchException;
import dev.bench.core.Caller;
import dev.bench.core.RunConfig;
import dev.bench.core.engine.OfferedLoad;
import dev.bench.core.jdbc.ClientTls;
import dev.bench.core.metrics.IntervalListener;
import dev.bench.core.metrics.KindStats;
import dev.bench.core.metrics.RunResult;

import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;
import java.util.stream.Stream;

/**
 * Where one run's machine-readable results go: {@code summary.json}, and per phase {@code intervals.csv}
 * and {@code latency.hlog}. A run of one phase keeps them all at the top; a run of several (TAOBench's
 * experiments) writes each phase's two files into a subdirectory {@code <n>-<name>/} and lists the
 * phases in the summary. Never writes into a directory that already holds files, so an earlier run's
 * results (or anything else of the user's) are never overwritten.
 *
 * <p>Threading: one thread (the one running the phases).
 */
public final class ResultsDirectory {

    public static final String SUMMARY = "summary.json";
    public static final String INTERVALS = "intervals.csv";
    public static final String HLOG = "latency.hlog";

    private final Path path;
    /** As the user gave it, or results/... relative: what the run prints (path is it against the caller's directory). */
    private final Path shown;

    private ResultsDirectory(Path shown) {
        this.shown = shown;
        this.path = Caller.resolve(shown);
    }

    /**
     * @param requested the user's {@code --results DIR}, or null for {@code results/<workload>-<time>}
     */
    public static ResultsDirectory create(Path requested, String workload) {
        if (requested == null) {
            return new ResultsDirectory(createDefault(workload));
        }
        requireUsable(requested);
        try {
            Files.createDirectories(Caller.resolve(requested));
            return new ResultsDirectory(requested);
        } catch (IOException e) {
            throw new BenchException("cannot create results directory " + requested + ": " + e.getMessage(), e);
        }
    }

    /**
     * Checks, before anything connects, that a run may write into {@code requested}: new, or an empty
     * directory (nothing the user owns is overwritten).
     */
    public static void requireUsable(Path requested) {
        if (requested == null) {
            return;
        }
        Path dir = Caller.resolve(requested);
        if (Files.isDirectory(dir)) {
            try (Stream<Path> entries = Files.list(dir)) {
                if (entries.findAny().isPresent()) {
                    throw new BenchException("results directory " + requested + " is not empty; choose another --results");
                }
            } catch (IOException e) {
                throw new BenchException("cannot read results directory " + requested + ": " + e.getMessage(), e);
            }
        } else if (Files.exists(dir)) {
            throw new BenchException("results path " + requested + " is a file, not a directory; choose another --results");
        }
    }

    /**
     * {@code results/<workload>-<time>}, or with -2, -3 ... when taken: created atomically, so two runs
     * started in the same second on one machine never share one.
     */
    private static Path createDefault(String workload) {
        String stamp = LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss"));
        Path base = Paths.get("results", workload + "-" + stamp);
        try {
            Files.createDirectories(Caller.resolve(base.getParent()));
            for (int i = 1; ; i++) {
                Path candidate = i == 1 ? base : Paths.get(base + "-" + i);
                try {
                    Files.createDirectory(Caller.resolve(candidate));
                    return candidate;
                } catch (FileAlreadyExistsException taken) {
                    // another run has it: the next suffix
                }
            }
        } catch (IOException e) {
            throw new BenchException("cannot create results directory under " + base.getParent() + ": " + e.getMessage(), e);
        }
    }

    public Path path() {
        return path;
    }

    /** The directory as a run prints it: as given, or {@code results/<workload>-<time>}. */
    public Path shown() {
        return shown;
    }

    /**
     * Opens the live files of one phase: at the top when it is the run's only phase, else in
     * {@code <number>-<name>/}.
     *
     * @param number 1-based position of the phase in the run
     */
    public PhaseFiles openPhase(int number, String name, int phaseCount) {
        Path dir = phaseCount == 1 ? path : path.resolve(phaseDirectoryName(number, name));
        try {
            Files.createDirectories(dir);
            return new PhaseFiles(path.relativize(dir).toString(), new IntervalCsvWriter(dir.resolve(INTERVALS)),
                    new LatencyLogWriter(dir.resolve(HLOG)));
        } catch (IOException e) {
            throw new BenchException("cannot write results into " + dir + ": " + e.getMessage(), e);
        }
    }

    static String phaseDirectoryName(int number, String name) {
        return String.format(Locale.ROOT, "%02d-%s", number, name.replaceAll("[^A-Za-z0-9._-]+", "_"));
    }

    /** One phase's live writers, to pass to the engine; closed when the phase ends. */
    public record PhaseFiles(String directory, IntervalCsvWriter csv, LatencyLogWriter hlog) implements AutoCloseable {

        public List<IntervalListener> listeners() {
            return List.of(csv, hlog);
        }

        @Override
        public void close() throws IOException {
            csv.close();
            hlog.close();
        }
    }

    /**
     * Writes summary.json as the caller assembled it (workload, masked options, target, integrity,
     * {@link #environment()}, the phases' numbers), with a {@code run_id} of its own after the workload
     * (unless the caller gave one): a merge refuses the same client run twice by it. Callers must
     * already have masked secrets.
     */
    public Path writeSummary(Map<String, Object> summary) {
        Path file = path.resolve(SUMMARY);
        ResultsJson.write(file, withRunId(summary));
        return file;
    }

    /** The key of a run's random id in summary.json. */
    public static final String RUN_ID = "run_id";

    static Map<String, Object> withRunId(Map<String, Object> summary) {
        if (summary.containsKey(RUN_ID)) {
            return summary;
        }
        Map<String, Object> withId = new LinkedHashMap<>();
        if (!summary.containsKey("workload")) {
            withId.put(RUN_ID, UUID.randomUUID().toString());
        }
        summary.forEach((key, value) -> {
            withId.put(key, value);
            if ("workload".equals(key)) {
                withId.put(RUN_ID, UUID.randomUUID().toString());
            }
        });
        return withId;
    }

    /** A phase's numbers as summary.json holds them: run settings, throughput, and per kind outcomes and latency. */
    public static Map<String, Object> phaseNumbers(RunResult result) {
        Map<String, Object> numbers = new LinkedHashMap<>();
        numbers.put("run", runSettings(result.config()));
        numbers.put("throughput", throughput(result));
        Map<String, Object> ops = new LinkedHashMap<>();
        for (KindStats k : result.kinds()) {
            ops.put(k.name(), kindSummary(k));
        }
        numbers.put("ops", ops);
        putPresent(numbers, Unavailability.KEY, Unavailability.json(result));
        putPresent(numbers, HostTable.KEY, HostTable.json(result));
        putPresent(numbers, ClientCostReport.KEY, ClientCostReport.json(result));
        return numbers;
    }

    private static void putPresent(Map<String, Object> numbers, String key, Map<String, Object> value) {
        if (value != null) {
            numbers.put(key, value);
        }
    }

    /** Where and on what the run happened: time, the build (version, commit), JVM, OS, CPUs, heap, the client's TLS. */
    public static Map<String, Object> environment() {
        Map<String, Object> env = new LinkedHashMap<>();
        env.put("time", Instant.now().toString());
        BuildInfo build = BuildInfo.current();
        env.put("bench_version", build.version());
        env.put("git_commit", build.commit());
        env.put("build_time", build.commitTime());
        env.put("java", System.getProperty("java.vm.name") + " " + System.getProperty("java.runtime.version"));
        env.put("os", System.getProperty("os.name") + " " + System.getProperty("os.version") + " " + System.getProperty("os.arch"));
        env.put("cpus", Runtime.getRuntime().availableProcessors());
        env.put("max_heap_mb", Runtime.getRuntime().maxMemory() / (1024 * 1024));
        env.put("client_tls", ClientTls.description());
        return env;
    }

    private static Map<String, Object> runSettings(RunConfig c) {
        Map<String, Object> run = new LinkedHashMap<>();
        run.put("loop", c.isOpenLoop() ? "open" : "closed");
        run.put("target_ops_per_s", c.isOpenLoop() ? c.clientTargetOpsPerSec() : null);
        if (c.clients() > 1) {
            run.put("clients", c.clients());
            run.put("client_id", c.clientId());
            run.put("total_target_ops_per_s", c.isOpenLoop() ? c.targetOpsPerSec() : null);
            run.put("start_at", c.startAt() != null ? c.startAt().toString() : null);
        }
        if (c.maxOps() > 0) {
            run.put("max_ops", c.maxOps());
        }
        run.put("arrivals", c.isOpenLoop() ? c.arrivals().name().toLowerCase() : null);
        if (c.schedule() != null) {
            run.put("schedule", c.schedule().toString());
        }
        if (c.workerSchedule() != null) {
            run.put("worker_schedule", c.workerSchedule().toString());
        }
        if (c.mix() != null) {
            run.put("mix", c.mix().toString());
        }
        run.put("threads", c.threads());
        run.put("warmup_s", c.warmup().toMillis() / 1e3);
        run.put("runtime_s", c.duration().toMillis() / 1e3);
        run.put("seed", c.seed());
        run.put("report_interval_s", c.reportInterval().toMillis() / 1e3);
        run.put("max_lag_s", c.maxLag().toMillis() / 1e3);
        return run;
    }

    /**
     * The phase's throughput. {@code window_s} is the measured window the rates divide by (the engine's:
     * shorter than {@code runtime_s} after a stop), starting at {@code window_start_epoch_ms};
     * {@code offered_ops} is the schedule's integral over it, this client's share (open loop only): what
     * {@code generated_ops} drew, as an expectation (see {@code bench verify}).
     */
    private static Map<String, Object> throughput(RunResult r) {
        Map<String, Object> t = new LinkedHashMap<>();
        double windowS = r.windowNanos() / 1e9;
        t.put("window_s", windowS);
        t.put("window_start_epoch_ms", r.info().startEpochMillis());
        RunConfig c = r.config();
        if (c.isOpenLoop() && c.bursts() == null) {
            double warmupS = c.warmup().toNanos() / 1e9;
            t.put("offered_ops", OfferedLoad.arrivalSchedule(c).count(warmupS, warmupS + windowS));
        }
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
}
