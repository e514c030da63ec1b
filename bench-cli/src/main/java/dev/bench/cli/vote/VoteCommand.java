package dev.bench.cli.vote;

import dev.bench.cli.workload.ContainerRun;
import dev.bench.cli.container.ServerContainer.Kind;
import dev.bench.cli.workload.FlagNames;
import dev.bench.cli.workload.RunOptions;
import dev.bench.cli.workload.SubcommandChoice;
import dev.bench.cli.workload.WorkloadCommand;
import dev.bench.cli.workload.WorkloadRequest;
import dev.bench.cli.workload.WorkloadRun;
import dev.bench.core.BenchException;
import dev.bench.core.run.RunSettings;
import dev.bench.core.run.TargetSettings;
import dev.bench.workloads.Workloads;
import dev.bench.workloads.vote.VoteBackendKind;
import dev.bench.workloads.vote.VoteBackendSettings;
import dev.bench.workloads.vote.VoteRunSettings;
import dev.bench.workloads.vote.VoteSettings;
import dev.bench.workloads.vote.VoteWorkloadType;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

import java.nio.file.Path;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;

/**
 * {@code bench vote [workload flags] [backend [backend flags]]}: Noria's vote benchmark, with Noria's
 * flags and defaults. With no backend named, runs on embedded H2.
 */
@Command(name = "vote", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Noria's vote benchmark: articles with vote counts, 'title and votes for these ids' "
                + "reads and 'one vote each' writes, offered open loop at --target ops/s.",
                "Backend: null, memory, h2 (default), postgres, mysql, mssql, memcached, hybrid. 'bench vote <backend> --help' shows its flags."},
        subcommands = {VoteBackendCommands.Null.class, VoteBackendCommands.Memory.class, VoteBackendCommands.H2.class,
                VoteBackendCommands.Postgres.class, VoteBackendCommands.Mysql.class, VoteBackendCommands.Mssql.class,
                VoteBackendCommands.Memcached.class, VoteBackendCommands.Hybrid.class})
@SubcommandChoice(key = "backend") // a scenario file says what it runs on: no default
public final class VoteCommand implements Callable<Integer>, WorkloadCommand {

    private static final VoteWorkloadType TYPE = Workloads.VOTE;

    enum Distribution { uniform, skewed }

    @Spec
    CommandSpec spec;

    @Option(names = "--target", paramLabel = "N", defaultValue = "" + VoteRunSettings.TARGET, description = "Offered load in ops/s, open loop (default: ${DEFAULT-VALUE}).")
    double target;

    @Option(names = "--write-every", paramLabel = "N", defaultValue = "" + VoteSettings.WRITE_EVERY, description = "One op in N is a write; 20 gives a 95/5 mix (default: ${DEFAULT-VALUE}).")
    int writeEvery;

    @Option(names = "--threads", paramLabel = "N", defaultValue = "" + VoteRunSettings.THREADS, description = "Client workers, one connection each (default: ${DEFAULT-VALUE}).")
    int threads;

    @Option(names = {"-a", "--articles"}, paramLabel = "N", defaultValue = "" + VoteSettings.ARTICLES, description = "Articles to prime (default: ${DEFAULT-VALUE}).")
    long articles;

    @Option(names = {"-r", "--runtime"}, defaultValue = "" + VoteRunSettings.RUNTIME_S, paramLabel = "S", description = "Seconds of measured load (default: ${DEFAULT-VALUE}).")
    double runtimeSeconds;

    @Option(names = "--warmup", defaultValue = "" + VoteRunSettings.WARMUP_S, paramLabel = "S", description = "Seconds of load before measuring (default: ${DEFAULT-VALUE}).")
    double warmupSeconds;

    @Option(names = {"-d", "--distribution"}, paramLabel = "uniform|skewed", defaultValue = "uniform", description = "Key distribution: uniform or skewed (Zipf, id 1 hottest) (default: ${DEFAULT-VALUE}).")
    Distribution distribution;

    @Option(names = "--zipf", paramLabel = "EXP", defaultValue = "" + VoteSettings.ZIPF, description = "Zipf exponent for -d skewed (default: ${DEFAULT-VALUE}, Noria osdi18).")
    double zipfExponent;

    @Option(names = "--max-batch", paramLabel = "N", defaultValue = "" + VoteSettings.MAX_BATCH, description = "Most ops of one kind sent as one backend call (default: ${DEFAULT-VALUE}).")
    int maxBatch;

    @Option(names = "--histogram", paramLabel = "FILE", description = "Also write the HdrHistogram interval log here.")
    Path histogram;

    @Option(names = "--no-prime", description = "Don't create and fill the tables; use what is there.")
    boolean noPrime;

    @Mixin
    RunOptions run;

    /** No backend named: the embedded default. */
    @Override
    public Integer call() {
        return run(spec, VoteBackendSettings.DEFAULTS, TargetSettings.NONE, null);
    }

    @Override
    public WorkloadRequest<VoteRunSettings> request() {
        return request(spec, VoteBackendSettings.DEFAULTS, TargetSettings.NONE);
    }

    /**
     * The run on the backend a subcommand named, against its target.
     *
     * @throws ParameterException with --container: a throwaway server is {@link #containerPlan}'s
     */
    WorkloadRequest<VoteRunSettings> request(CommandSpec backendSpec, VoteBackendSettings backend, TargetSettings target) {
        if (target.container()) {
            throw new ParameterException(backendSpec.commandLine(), "--container starts a server for one run only;"
                    + " name the server with --url or --address");
        }
        return new WorkloadRequest<>(TYPE, settings(backend), target, run.settings(), List.of(spec, backendSpec));
    }

    private VoteRunSettings settings(VoteBackendSettings backend) {
        return new VoteRunSettings(new VoteSettings(articles, writeEvery, distribution == Distribution.skewed, zipfExponent,
                maxBatch, !noPrime), this.target, threads, runtimeSeconds, warmupSeconds, histogram, backend);
    }

    /** Runs on the backend a subcommand named, against its target (a throwaway server with --container). */
    int run(CommandSpec backendSpec, VoteBackendSettings backend, TargetSettings target, String container) {
        if (!target.container()) {
            return request(backendSpec, backend, target).execute();
        }
        return ContainerRun.execute(spec, containerPlan(backendSpec, backend, target, container));
    }

    /** The servers the backend runs on (--container's value must be one of them), and the run pointed at them. */
    ContainerRun.Plan containerPlan(CommandSpec backendSpec, VoteBackendSettings backend, TargetSettings target, String container) {
        VoteRunSettings settings = settings(backend);
        RunSettings runSettings = run.settings();
        List<Kind> kinds = WorkloadRun.validated(backendSpec, () -> containers(backend.kind(), container));
        WorkloadRun.validated(spec, () -> WorkloadRun.planned(TYPE, settings, target, runSettings, FlagNames.of(spec, backendSpec),
                warning -> { }));
        return new ContainerRun.Plan(kinds, target, started -> onContainers(settings, started.targets(), runSettings, backendSpec),
                ContainerRun.Setup.NONE); // vote primes its own tables
    }

    /** MySQL's backend runs on MySQL (the default) or MariaDB; the others on their own server. */
    private static List<Kind> containers(VoteBackendKind backend, String asked) {
        Kind fallback = switch (backend) {
            case POSTGRES -> Kind.POSTGRES;
            case MYSQL, HYBRID -> Kind.MYSQL;
            case MSSQL -> Kind.MSSQL;
            case MEMCACHED -> Kind.MEMCACHED;
            default -> throw new BenchException("the " + backend.name().toLowerCase(Locale.ROOT)
                    + " backend runs in process: --container has no server to start for it");
        };
        Kind sql = Kind.parse(asked, fallback, EnumSet.allOf(Kind.class));
        boolean fits = sql == fallback || (fallback == Kind.MYSQL && sql == Kind.MARIADB);
        if (!fits) {
            throw new BenchException("--container " + sql.optionName() + " is not a server the "
                    + backend.name().toLowerCase(Locale.ROOT) + " backend runs on (it runs on " + fallback.optionName()
                    + (fallback == Kind.MYSQL ? " or mariadb" : "") + ")");
        }
        return backend == VoteBackendKind.HYBRID ? List.of(sql, Kind.MEMCACHED) : List.of(sql);
    }

    /** The run pointed at the started servers (hybrid: SQL first, memcached second). */
    private WorkloadRequest<VoteRunSettings> onContainers(VoteRunSettings settings, List<TargetSettings> servers, RunSettings runSettings,
                                                          CommandSpec backendSpec) {
        VoteRunSettings onServers = settings.backend().kind() != VoteBackendKind.HYBRID ? settings
                : settings.withBackend(settings.backend().withMemcachedAddress(servers.get(1).address()));
        return new WorkloadRequest<>(TYPE, onServers, servers.get(0), runSettings, List.of(spec, backendSpec));
    }
}
