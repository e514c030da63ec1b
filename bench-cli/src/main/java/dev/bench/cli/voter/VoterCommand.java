package dev.bench.cli.voter;

import dev.bench.cli.RunOptions;
import dev.bench.cli.TargetOptions;
import dev.bench.cli.WorkloadRun;
import dev.bench.core.BenchException;
import dev.bench.core.Bursts;
import dev.bench.core.RunConfig;
import dev.bench.core.jdbc.Dialect;
import dev.bench.core.jdbc.JdbcTarget;
import dev.bench.workloads.voter.VoterBenchmark;
import dev.bench.workloads.voter.VoterBenchmark.Verbosity;
import dev.bench.workloads.voter.VoterSettings;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.Callable;

/**
 * {@code bench voter}: VoltDB's Voter application, driven the way the erlvolt bench drives it.
 * Without --url it runs on embedded H2.
 */
@Command(name = "voter", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"VoltDB's Voter (phone-in votes, at most --max-votes per phone, as one transaction), driven like "
                + "the erlvolt bench: steady workers or bursts, direct or managed, presets VSD VSM VBM VBD.",
                "Prints erlvolt's lap and overall lines and VoltDB's client summary, then checks the database "
                        + "against what the client was told."})
public final class VoterCommand implements Callable<Integer> {

    /** A run bounded by --calls still gets an end time; this one is never the reason a run ends. */
    static final Duration NO_TIME_BOUND = Duration.ofDays(1);
    private static final int MAX_DEFAULT_CONNECTIONS = 16;

    @Spec
    CommandSpec spec;

    @Option(names = "--preset", paramLabel = "VSD|VSM|VBM|VBD", description = "erlvolt's named runs; explicit options override their values.")
    Preset preset;

    @Option(names = "--calls", paramLabel = "N", description = "Calls in all (default 100000); a multiple of --burst-size.")
    Long calls;

    @Option(names = "--rhythm", paramLabel = "steady|bursts", description = "steady: each worker calls, waits, calls again; bursts: --burst-size calls at once, wait until pending <= --limit, sleep --delay (default steady).")
    Preset.Rhythm rhythm;

    @Option(names = "--burst-size", paramLabel = "N", description = "Calls per burst, or the number of steady workers (default 200).")
    Integer burstSize;

    @Option(names = "--delay", paramLabel = "MS", description = "Bursts: sleep between bursts (default 1).")
    Integer delayMs;

    @Option(names = "--mode", paramLabel = "direct|managed", description = "direct: workers share the connections round-robin; managed: --slots in flight, a --queue-size queue, a full queue or --queue-timeout is a counted fail (default direct).")
    Preset.Mode mode;

    @Option(names = "--queue-size", paramLabel = "N", description = "Managed: calls that may wait for a slot (default 10000).")
    Integer queueSize;

    @Option(names = "--slots", paramLabel = "N", description = "Managed: calls in flight (default 100).")
    Integer slots;

    @Option(names = "--queue-timeout", paramLabel = "MS", description = "Managed: longest wait for a slot (default 5000, ours).")
    Integer queueTimeoutMs;

    @Option(names = "--limit", paramLabel = "N", description = "Bursts: pending calls allowed before the sleep (default --burst-size).")
    Integer limit;

    @Option(names = "--target", paramLabel = "N", description = "Open loop instead: calls arrive at N/s (Poisson) for --calls/N seconds, served by --burst-size workers.")
    Double targetOps;

    @Option(names = "--verbosity", paramLabel = "LEVEL", defaultValue = "verbose", description = "quiet: the overall line; nonverbose: + check, results, summaries; verbose: + lap lines; veryverbose: + the engine's progress on stderr (default ${DEFAULT-VALUE}).")
    Verbosity verbosity;

    @Option(names = "--dump-interval", paramLabel = "MS", defaultValue = "1000", description = "Lap lines every MS (default ${DEFAULT-VALUE}).")
    long dumpIntervalMs;

    @Option(names = "--contestants", paramLabel = "N", defaultValue = "6", description = "Contestants, 1..12 (default ${DEFAULT-VALUE}).")
    int contestants;

    @Option(names = "--max-votes", paramLabel = "N", defaultValue = "2", description = "Votes allowed per phone (default ${DEFAULT-VALUE}; erlvolt used 20000).")
    int maxVotes;

    @Option(names = "--uniform", description = "erlvolt's uniform contestants, no invalid calls (default: VoltDB's skewed ones, 1 %% invalid).")
    boolean uniform;

    @Option(names = "--procedure", description = "The vote as one server-side routine call: a PostgreSQL function or a MySQL/MariaDB procedure.")
    boolean procedure;

    @Option(names = "--start-delay", paramLabel = "S", defaultValue = "15", description = "--clients: start the clients' load this many seconds after launching them, time enough for each JVM to start and connect (default: ${DEFAULT-VALUE}).")
    double startDelaySeconds;

    @Option(names = "--client-name", paramLabel = "NAME", description = "Name in erlvolt's lines (default: the preset, or 'voter').")
    String clientName;

    @Mixin
    TargetOptions target;

    @Mixin
    RunOptions run;

    @Override
    public Integer call() {
        VoterPlan plan = WorkloadRun.validated(spec, this::plan);
        VoterSettings settings = WorkloadRun.validated(spec, () -> settings(plan));
        if (run.clients > 1 && !isLaunchedClient()) {
            return new VoterLauncher(this).run();
        }
        RunConfig config = WorkloadRun.validated(spec, () -> config(plan));
        VoterBenchmark.Options options = new VoterBenchmark.Options(plan.client(), verbosity, isLaunchedClient(), run.clients);
        return WorkloadRun.execute(() -> new VoterBenchmark(open(settings), settings, config, options), run, List.of(), spec, spec);
    }

    /** Started by a launcher (--client-id given): the launcher created the tables and checks the total. */
    boolean isLaunchedClient() {
        return spec.commandLine().getParseResult().hasMatchedOption("--client-id");
    }

    private VoterPlan plan() {
        if (!(startDelaySeconds >= 1) || startDelaySeconds > 3600) {
            throw new BenchException("--start-delay must be 1..3600 s, got " + startDelaySeconds);
        }
        if (dumpIntervalMs < 10) {
            throw new BenchException("--dump-interval must be >= 10 ms, got " + dumpIntervalMs);
        }
        if (procedure) {
            Dialect dialect = target.url == null ? Dialect.H2 : Dialect.fromUrl(target.url);
            if (dialect != Dialect.POSTGRES && dialect != Dialect.MYSQL) {
                throw new BenchException("--procedure needs PostgreSQL or MySQL/MariaDB (--url)");
            }
        }
        return VoterPlan.of(this, run.clients);
    }

    /** Connections: --pool-size, else one per worker (managed: per slot) up to 16. */
    private VoterSettings settings(VoterPlan plan) {
        int wanted = plan.managed() != null ? Math.min(plan.managed().slots(), plan.workers()) : plan.workers();
        int connections = target.poolSize != null ? target.poolSize : Math.min(wanted, MAX_DEFAULT_CONNECTIONS);
        return new VoterSettings(contestants, maxVotes, uniform, procedure, connections, plan.managed());
    }

    JdbcTarget open(VoterSettings settings) {
        return open(settings.connections() + 1); // the lanes, plus one for the check's queries
    }

    /** A pool of exactly {@code connections}, whatever --pool-size says (that is the workers' share). */
    JdbcTarget open(int connections) {
        Integer asked = target.poolSize;
        target.poolSize = connections;
        try {
            return target.openUrlOrEmbedded(connections);
        } finally {
            target.poolSize = asked;
        }
    }

    /**
     * Steady is a burst of one released whenever fewer than --burst-size calls are pending, i.e. as a
     * worker frees up: the engine's closed loop would start its workers before --start-at.
     */
    private RunConfig config(VoterPlan plan) {
        RunConfig.Builder b = run.applyTo(RunConfig.builder()).threads(plan.workers())
                .reportInterval(Duration.ofMillis(dumpIntervalMs)).maxOps(plan.calls());
        if (plan.targetOps() > 0) {
            return b.targetOpsPerSec(plan.targetOps()).duration(Duration.ZERO).build();
        }
        Bursts bursts = plan.bursts() != null ? plan.bursts() : new Bursts(1, Duration.ZERO, plan.workers() - 1);
        return b.bursts(bursts).duration(NO_TIME_BOUND).build();
    }
}
