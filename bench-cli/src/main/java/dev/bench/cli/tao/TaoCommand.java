package dev.bench.cli.tao;

import dev.bench.cli.workload.ContainerRun;
import dev.bench.cli.container.ServerContainer.Kind;
import dev.bench.cli.workload.ExitCodes;
import dev.bench.cli.workload.FlagNames;
import dev.bench.cli.workload.RunOptions;
import dev.bench.cli.workload.TargetOptions;
import dev.bench.cli.workload.WorkloadCommand;
import dev.bench.cli.workload.WorkloadRequest;
import dev.bench.cli.workload.WorkloadRun;
import dev.bench.workloads.Workloads;
import dev.bench.workloads.tao.TaoBenchmark;
import dev.bench.workloads.tao.TaoSettings;
import dev.bench.workloads.tao.TaoWorkloadType;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;



/**
 * {@code bench tao load|run ...}, or TAOBench's own spelling {@code bench tao -load -n N ...} and
 * {@code bench tao -run -E FILE ...}: Meta's social-graph workload. No server named: embedded H2.
 */
@Command(name = "tao", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"TAOBench: Meta's social-graph workload (objects and typed edges in 50 shards; reads, writes and "
                + "transactions as measured at Meta). 'load' fills the tables, 'run' runs the experiments.",
                "TAOBench's spellings work too: bench tao -load-threads 4 -db mysql -c A -load -n 100000; bench tao -run -E FILE."},
        subcommands = {TaoCommand.Load.class, TaoCommand.Run.class})
public final class TaoCommand implements Callable<Integer>, WorkloadCommand {

    @Spec
    CommandSpec spec;

    @Option(names = "-load", description = "Run the load phase (TAOBench's spelling of 'bench tao load').")
    boolean load;

    @Option(names = "-run", description = "Run the experiments (TAOBench's spelling of 'bench tao run'); after -load if both.")
    boolean run;

    @Mixin
    TaoOptions tao;

    @Mixin
    TargetOptions target;

    @Mixin
    RunOptions runOptions;

    @Override
    public Integer call() {
        if (!load && !run) {
            throw new ParameterException(spec.commandLine(), "name a phase: 'bench tao load' or 'bench tao run' (or -load, -run)");
        }
        return execute(spec, tao, target, runOptions, load, run);
    }

    @Override
    public ContainerRun.Plan containerPlan() {
        return TaoCommand.containerPlan(spec, tao, target, runOptions);
    }

    /** The experiments ({@code -run}) as a request; a load is a step of its own, not part of one. */
    @Override
    public WorkloadRequest<?> request() {
        if (load || !run) {
            throw new ParameterException(spec.commandLine(), "only the experiments can be run this way: 'bench tao run' (or -run), load first");
        }
        return request(spec, tao, target, runOptions);
    }

    static WorkloadRequest<TaoSettings> request(CommandSpec spec, TaoOptions tao, TargetOptions target, RunOptions runOptions) {
        return new WorkloadRequest<>(Workloads.TAO, tao.settings(), target.settings(), runOptions.settings(), List.of(spec));
    }

    @Command(name = "load", mixinStandardHelpOptions = true, sortOptions = false,
            description = "Create TAOBench's tables (only replacing ones bench made) and load -n edges with their objects.")
    static final class Load implements Callable<Integer> {
        @Spec CommandSpec spec;
        @Mixin TaoOptions tao;
        @Mixin TargetOptions target;
        @Mixin RunOptions runOptions;

        @Override
        public Integer call() {
            return execute(spec, tao, target, runOptions, true, false);
        }
    }

    @Command(name = "run", mixinStandardHelpOptions = true, sortOptions = false,
            description = "Read the edge keys back, then run each experiment line: N threads, warmup, measured window."
                    + " With --container: on a fresh server, loaded first.")
    static final class Run implements Callable<Integer>, WorkloadCommand {
        @Spec CommandSpec spec;
        @Mixin TaoOptions tao;
        @Mixin TargetOptions target;
        @Mixin RunOptions runOptions;

        @Override
        public Integer call() {
            return execute(spec, tao, target, runOptions, false, true);
        }

        @Override
        public WorkloadRequest<?> request() {
            return TaoCommand.request(spec, tao, target, runOptions);
        }

        @Override
        public ContainerRun.Plan containerPlan() {
            return TaoCommand.containerPlan(spec, tao, target, runOptions);
        }
    }

    /** On a fresh server the graph is loaded first (-n edges), then the experiments run. */
    static ContainerRun.Plan containerPlan(CommandSpec spec, TaoOptions tao, TargetOptions target, RunOptions runOptions) {
        Kind kind = target.sqlContainer();
        return kind == null ? null : ContainerRun.plan(kind, request(spec, tao, target, runOptions), (server, echoed) -> Workloads.TAO.plan(
                tao.settings(), server, runOptions.settings(), FlagNames.of(spec), WorkloadRun.warnings(spec))
                .load(spec.commandLine().getOut(), spec.commandLine().getErr()));
    }

    static int execute(CommandSpec spec, TaoOptions tao, TargetOptions target, RunOptions runOptions,
                       boolean load, boolean run) {
        if (target.container != null) {
            ContainerRun.refuseSetupAlone(spec, !run, "tao run");
            return ContainerRun.execute(spec, containerPlan(spec, tao, target, runOptions));
        }
        TaoWorkloadType.Plan plan = WorkloadRun.validated(spec, () -> Workloads.TAO.plan(tao.settings(), target.settings(),
                runOptions.settings(), FlagNames.of(spec), WorkloadRun.warnings(spec)));
        if (load) {
            int code = plan.load(spec.commandLine().getOut(), spec.commandLine().getErr());
            if (code != ExitCodes.OK || !run) {
                return code;
            }
        }
        return WorkloadRun.execute(plan, runOptions.settings(), List.of(), spec, spec);
    }

    /** TAOBench's flags, in its spellings and ours. */
    static final class TaoOptions {
        @Option(names = {"-n", "--edges"}, paramLabel = "EDGES", defaultValue = "" + TaoSettings.EDGES, description = "Edges to load (default: ${DEFAULT-VALUE}; TAOBench suggests 165,000,000).")
        long edges;

        @Option(names = {"-load-threads", "--load-threads"}, paramLabel = "N", defaultValue = "" + TaoSettings.LOAD_THREADS, description = "Threads loading, and reading the keys back before a run (default: ${DEFAULT-VALUE}).")
        int loadThreads;

        @Option(names = {"-c", "--config"}, paramLabel = "CONFIG", defaultValue = TaoSettings.CONFIG, description = "Workload config: A (application), O (overall) or a JSON-lines file (default: ${DEFAULT-VALUE}).")
        String config;

        @Option(names = {"-E", "--experiments"}, paramLabel = "FILE", description = "Experiments, one 'threads,warmup_s,exp_s' a line, or inline '16,10,60;128,10,60' (default: 2,10,150 16,10,150 128,10,150 1024,10,150).")
        String experiments;

        @Option(names = {"-db", "--db"}, paramLabel = "NAME", description = "Server kind: mysql, mariadb, tidb, postgres, crdb, yugabyte, h2 (default: --url, else embedded H2).")
        String db;

        @Option(names = {"-p", "--props"}, paramLabel = "FILE", description = "Properties file with url, user, password (keys may be prefixed, e.g. mysqldb.user).")
        Path props;

        @Option(names = "--batch-size", paramLabel = "N", description = "Edges per batch when loading (default: " + TaoBenchmark.POSTGRES_COPY_BATCH
                + " per COPY on PostgreSQL, TAOBench's " + TaoBenchmark.TAOBENCH_BATCH + " per multi-row insert elsewhere).")
        Integer batchSize;

        @Option(names = "--target", paramLabel = "N", defaultValue = "0", description = "Offered load in ops/s, open loop; 0 runs closed loop as TAOBench does (default: ${DEFAULT-VALUE}).")
        double target;

        @Option(names = "--slo", paramLabel = "MS", defaultValue = "" + TaoSettings.SLO_MS, description = "Open loop: an op done later than its intended start plus this is overtime (default: ${DEFAULT-VALUE}).")
        double sloMs;

        TaoSettings settings() {
            return new TaoSettings(edges, loadThreads, config, experiments, db, props, batchSize, target, sloMs);
        }
    }
}
