package dev.bench.cli.voter;

import dev.bench.cli.workload.ContainerRun;
import dev.bench.cli.container.ServerContainer.Kind;
import dev.bench.cli.workload.FlagNames;
import dev.bench.cli.workload.RunOptions;
import dev.bench.cli.workload.TargetOptions;
import dev.bench.cli.workload.WorkloadCommand;
import dev.bench.cli.workload.WorkloadRequest;
import dev.bench.cli.workload.WorkloadRun;
import dev.bench.workloads.Workloads;
import dev.bench.workloads.voter.Preset;
import dev.bench.workloads.voter.VoterBenchmark.Verbosity;
import dev.bench.workloads.voter.VoterRunSettings;
import dev.bench.workloads.voter.VoterWorkloadType;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

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
public final class VoterCommand implements Callable<Integer>, WorkloadCommand {

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

    @Option(names = "--dump-interval", paramLabel = "MS", defaultValue = "" + VoterRunSettings.DUMP_INTERVAL_MS, description = "Lap lines every MS (default ${DEFAULT-VALUE}).")
    long dumpIntervalMs;

    @Option(names = "--contestants", paramLabel = "N", defaultValue = "" + VoterRunSettings.CONTESTANTS, description = "Contestants, 1..12 (default ${DEFAULT-VALUE}).")
    int contestants;

    @Option(names = "--max-votes", paramLabel = "N", defaultValue = "" + VoterRunSettings.MAX_VOTES, description = "Votes allowed per phone (default ${DEFAULT-VALUE}; erlvolt used 20000).")
    int maxVotes;

    @Option(names = "--uniform", description = "erlvolt's uniform contestants, no invalid calls (default: VoltDB's skewed ones, 1 %% invalid).")
    boolean uniform;

    @Option(names = "--procedure", description = "The vote as one server-side routine call: a PostgreSQL function or a MySQL/MariaDB procedure.")
    boolean procedure;

    @Option(names = "--start-delay", paramLabel = "S", defaultValue = "" + VoterRunSettings.START_DELAY_S, description = "--clients: start the clients' load this many seconds after launching them, time enough for each JVM to start and connect (default: ${DEFAULT-VALUE}).")
    double startDelaySeconds;

    @Option(names = "--client-name", paramLabel = "NAME", description = "Name in erlvolt's lines (default: the preset, or 'voter').")
    String clientName;

    @Mixin
    TargetOptions target;

    @Mixin
    RunOptions run;

    @Override
    public Integer call() {
        VoterRunSettings settings = settings();
        if (run.clients > 1 && !isLaunchedClient()) {
            if (target.container != null) {
                throw new ParameterException(spec.commandLine(), "--container with --clients: the clients would each need"
                        + " the one server; start it yourself and give --url");
            }
            WorkloadRun.validated(spec, () -> VoterWorkloadType.check(settings, target.settings(), run.settings(), FlagNames.of(spec)));
            return new VoterLauncher(this, settings).run();
        }
        return runRequest(spec);
    }

    /** Voter creates its tables itself: a fresh server needs nothing set up first. */
    @Override
    public ContainerRun.Plan containerPlan() {
        Kind kind = target.sqlContainer();
        return kind == null ? null : ContainerRun.plan(kind, request(), ContainerRun.Setup.NONE);
    }

    /** One client's run (several clients are the launcher's, which is no single run). */
    @Override
    public WorkloadRequest<VoterRunSettings> request() {
        if (run.clients > 1 && !isLaunchedClient()) {
            throw new ParameterException(spec.commandLine(), "--clients starts several client processes: run it as a command of its own");
        }
        return new WorkloadRequest<>(Workloads.VOTER, settings(), target.settings(), run.settings(), List.of(spec));
    }

    /** Started by a launcher (--client-id given): the launcher created the tables and checks the total. */
    boolean isLaunchedClient() {
        return spec.commandLine().getParseResult().hasMatchedOption("--client-id");
    }

    VoterRunSettings settings() {
        return new VoterRunSettings(preset, calls, rhythm, burstSize, delayMs, mode, queueSize, slots, queueTimeoutMs, limit,
                targetOps, verbosity, dumpIntervalMs, contestants, maxVotes, uniform, procedure, startDelaySeconds, clientName);
    }
}
