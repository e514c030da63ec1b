package dev.bench.cli.workload;

import dev.bench.core.Arrivals;
import dev.bench.core.InputErrors;
import dev.bench.core.OpMix;
import dev.bench.core.RunConfig;
import dev.bench.core.Schedule;
import dev.bench.core.WorkerSchedule;
import dev.bench.core.run.RunSettings;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import java.nio.file.Path;

/**
 * The engine settings every workload command shares beyond its original tool's own flags. Defaults
 * are the engine's ({@link RunConfig}'s constants).
 */
public final class RunOptions {

    @Option(names = "--seed", paramLabel = "N", defaultValue = "" + RunConfig.DEFAULT_SEED, description = "Seed for arrivals and keys: same seed, same ops (default: ${DEFAULT-VALUE}).")
    public long seed;

    @Option(names = "--arrivals", paramLabel = "poisson|uniform", defaultValue = "poisson", description = "Open-loop arrival spacing: poisson or uniform (default: ${DEFAULT-VALUE}).")
    public Arrivals arrivals;

    @Option(names = "--report-interval", defaultValue = "" + RunConfig.DEFAULT_REPORT_INTERVAL_S, paramLabel = "S", description = "Seconds between progress lines on stderr (default: ${DEFAULT-VALUE}).")
    public double reportIntervalSeconds;

    @Option(names = "--max-lag", defaultValue = "" + RunConfig.DEFAULT_MAX_LAG_S, paramLabel = "S", description = "Stop early once the oldest waiting op is this many seconds late (default: ${DEFAULT-VALUE}).")
    public double maxLagSeconds;

    @Option(names = "--results", paramLabel = "DIR", description = "Where to write summary.json, intervals.csv and latency.hlog (default: results/<workload>-<time>); must be new or empty.")
    public Path results;

    @Option(names = "--clients", paramLabel = "N", defaultValue = "1", description = "Client processes sharing the target, on this machine or others; each offers 1/N of it (default: ${DEFAULT-VALUE}).")
    public int clients;

    @Option(names = "--client-id", paramLabel = "I", defaultValue = "0", description = "This process's place among --clients, 0-based: its own seed stream and results (default: ${DEFAULT-VALUE}).")
    public int clientId;

    @Option(names = "--start-at", paramLabel = "TIME", description = "Wall-clock instant at which all clients start, ISO-8601 (e.g. 2026-11-22T06:00:00Z), at most 24 h ahead; default: now.")
    public String startAt;

    @Option(names = "--schedule", paramLabel = "SPEC", description = "Offered rate over time, all clients together, instead of a constant rate and run time:"
            + " comma-separated DURATION:RATE (hold) or DURATION:FROM..TO (linear ramp) segments, e.g. 30s:1000,60s:1000..20000,10s:60000;"
            + " a segment named NAME=30s:1000 (and the same name's next ones) also gets its own NN-NAME/ results."
            + " Warmup runs first at the first rate.")
    public String schedule;

    @Option(names = "--metrics-port", paramLabel = "PORT", description = "Serve live Prometheus metrics at http://HOST:PORT/metrics for the whole run"
            + " (counters, rates, backlog, latency histograms), until 2 s after the results are written.")
    public Integer metricsPort;

    @Option(names = "--mix", paramLabel = "SPEC", description = "Op mix of named --schedule segments (a scenario's phases):"
            + " SEGMENT:KIND=WEIGHT/KIND=WEIGHT,..., e.g. spike:read=1/write=1; a kind not named gets 0, a segment not named"
            + " runs the workload's own mix.")
    public String mix;

    @Option(names = "--profile", description = "Profile the client's CPU over the measured window (not prepare, load or warmup):"
            + " a flame graph, profile.html, and its stacks, profile-collapsed.txt, in each phase's results directory"
            + " (async-profiler; a JFR recording, profile.jfr, where it can't load).")
    public boolean profile;

    @Spec(Spec.Target.MIXEE)
    CommandSpec command;

    /** The load over time as read: from --schedule and --mix here, or set by a scenario's phases ({@link #load}). */
    private Load load;
    /** The text {@link #load} was read from, so a command line parsed anew into this object is read anew. */
    private String loadFrom;

    /** A load over time read once: rates or worker counts, and their mix; each may be null. */
    private record Load(Schedule rates, WorkerSchedule workers, OpMix mix) {
    }

    /**
     * These options as the run settings every workload takes. {@code --schedule} and {@code --mix} are
     * read here, once, into the values the engine runs on; both their errors at once.
     *
     * @throws picocli.CommandLine.ParameterException bad input (exit 2), one line per error naming the option
     */
    public RunSettings settings() {
        String from = schedule + "\n" + mix;
        if (load == null || loadFrom != null && !loadFrom.equals(from)) {
            load = WorkloadRun.validated(command, this::read);
            loadFrom = from;
        }
        return new RunSettings(seed, arrivals, reportIntervalSeconds, maxLagSeconds, results, clients, clientId, startAt,
                load.rates(), load.workers(), metricsPort, load.mix(), profile);
    }

    /**
     * The load a scenario's phases give, already read from its file: {@link #settings} takes it as it is.
     * The scenario refuses --schedule and --mix beside its phases, so there is no text here to read.
     */
    public void load(Schedule rates, WorkerSchedule workers, OpMix opMix) {
        this.load = new Load(rates, workers, opMix);
        this.loadFrom = null;
    }

    private Load read() {
        InputErrors.Collector errors = new InputErrors.Collector();
        boolean workers = WorkerSchedule.describes(schedule);
        Schedule rates = schedule == null || workers ? null : errors.check(() -> Schedule.parse("--schedule", schedule));
        WorkerSchedule counts = workers ? errors.check(() -> WorkerSchedule.parse("--schedule", schedule)) : null;
        OpMix opMix = mix == null ? null : errors.check(() -> OpMix.parse("--mix", mix));
        errors.throwIfAny();
        return new Load(rates, counts, opMix);
    }
}
