package dev.bench.cli.tao;

import dev.bench.cli.ExitCodes;
import dev.bench.cli.RunOptions;
import dev.bench.cli.TargetOptions;
import dev.bench.cli.WorkloadRun;
import dev.bench.core.BenchException;
import dev.bench.core.RunConfig;
import dev.bench.core.jdbc.JdbcTarget;
import dev.bench.workloads.tao.Experiment;
import dev.bench.workloads.tao.TaoBenchmark;
import dev.bench.workloads.tao.TaoConfig;
import dev.bench.workloads.tao.TaoLoader;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.function.IntFunction;

/**
 * {@code bench tao load|run ...}, or TAOBench's own spelling {@code bench tao -load -n N ...} and
 * {@code bench tao -run -E FILE ...}: Meta's social-graph workload. No server named: embedded H2.
 */
@Command(name = "tao", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"TAOBench: Meta's social-graph workload (objects and typed edges in 50 shards; reads, writes and "
                + "transactions as measured at Meta). 'load' fills the tables, 'run' runs the experiments.",
                "TAOBench's spellings work too: bench tao -load-threads 4 -db mysql -c A -load -n 100000; bench tao -run -E FILE."},
        subcommands = {TaoCommand.Load.class, TaoCommand.Run.class})
public final class TaoCommand implements Callable<Integer> {

    /** Defaults, shown by --help. TAOBench suggests 50 load threads; 4 suits a small machine and server. */
    static final String DEFAULT_EDGES = "100000";
    static final String DEFAULT_LOAD_THREADS = "4";
    static final String DEFAULT_CONFIG = "A";
    static final String DEFAULT_SLO_MS = "100";

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
            description = "Read the edge keys back, then run each experiment line: N threads, warmup, measured window.")
    static final class Run implements Callable<Integer> {
        @Spec CommandSpec spec;
        @Mixin TaoOptions tao;
        @Mixin TargetOptions target;
        @Mixin RunOptions runOptions;

        @Override
        public Integer call() {
            return execute(spec, tao, target, runOptions, false, true);
        }
    }

    static int execute(CommandSpec spec, TaoOptions tao, TargetOptions target, RunOptions runOptions,
                       boolean load, boolean run) {
        PrintWriter err = spec.commandLine().getErr();
        TaoConfig config = WorkloadRun.validated(spec, () -> TaoConfig.read(tao.config,
                w -> err.println("bench: warning: " + w)));
        IntFunction<JdbcTarget> targets = WorkloadRun.validated(spec, () -> {
            tao.validate();
            return new TaoTargetResolver(target, tao.db, tao.props).opener();
        });
        List<Experiment> experiments = run ? WorkloadRun.validated(spec, () -> tao.experiments == null
                ? Experiment.defaults() : Experiment.read(tao.experiments)) : List.of();
        List<RunConfig> configs = WorkloadRun.validated(spec, () -> runConfigs(experiments, tao, runOptions));
        err.flush();
        if (load) {
            int code = load(spec, tao, config, targets, runOptions.seed);
            if (code != ExitCodes.OK || !run) {
                return code;
            }
        }
        return WorkloadRun.execute(() -> new TaoBenchmark(targets, config, experiments, configs,
                Duration.ofNanos(Math.round(tao.sloMs * 1e6)), tao.loadThreads), runOptions, List.of(), spec, spec);
    }

    private static int load(CommandSpec spec, TaoOptions tao, TaoConfig config, IntFunction<JdbcTarget> targets, long seed) {
        PrintWriter out = spec.commandLine().getOut();
        TaoLoader.Outcome outcome;
        try (JdbcTarget t = targets.apply(tao.loadThreads)) {
            out.printf("Loading %d edges into %s with %d threads%n", tao.edges, t.maskedUrl(), tao.loadThreads);
            out.flush();
            outcome = TaoBenchmark.load(t, config, tao.edges, tao.loadThreads, tao.batchSize == null ? 0 : tao.batchSize, seed,
                    spec.commandLine().getErr());
        }
        out.println("Number of failed batch inserts: " + outcome.failedBatches());
        out.println("Done with batch insert phase!");
        out.printf(Locale.ROOT, "Loaded %d edges in %.1f s: %.0f edges/s%n", outcome.edges(), outcome.seconds(),
                outcome.edgesPerSecond());
        out.flush();
        return outcome.failedBatches() == 0 ? ExitCodes.OK : ExitCodes.FAILED;
    }

    private static List<RunConfig> runConfigs(List<Experiment> experiments, TaoOptions tao, RunOptions runOptions) {
        List<RunConfig> configs = new ArrayList<>();
        for (int i = 0; i < experiments.size(); i++) {
            Experiment e = experiments.get(i);
            RunConfig.Builder b = runOptions.applyTo(RunConfig.builder()).threads(e.threads())
                    .targetOpsPerSec(tao.target).warmup(Duration.ofSeconds(e.warmupSeconds()))
                    .duration(Duration.ofSeconds(e.seconds())).seed(runOptions.seed + i);
            if (i > 0) {
                b.startAt(null); // only the first experiment waits for a shared start
            }
            configs.add(b.build());
        }
        return configs;
    }

    /** TAOBench's flags, in its spellings and ours. */
    static final class TaoOptions {
        @Option(names = {"-n", "--edges"}, paramLabel = "EDGES", defaultValue = DEFAULT_EDGES, description = "Edges to load (default: ${DEFAULT-VALUE}; TAOBench suggests 165,000,000).")
        long edges;

        @Option(names = {"-load-threads", "--load-threads"}, paramLabel = "N", defaultValue = DEFAULT_LOAD_THREADS, description = "Threads loading, and reading the keys back before a run (default: ${DEFAULT-VALUE}).")
        int loadThreads;

        @Option(names = {"-c", "--config"}, paramLabel = "CONFIG", defaultValue = DEFAULT_CONFIG, description = "Workload config: A (application), O (overall) or a JSON-lines file (default: ${DEFAULT-VALUE}).")
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

        @Option(names = "--slo", paramLabel = "MS", defaultValue = DEFAULT_SLO_MS, description = "Open loop: an op done later than its intended start plus this is overtime (default: ${DEFAULT-VALUE}).")
        double sloMs;

        void validate() {
            if (edges < 1) {
                throw new BenchException("-n must be >= 1 edges, got " + edges);
            }
            if (loadThreads < 1 || loadThreads > 1000) {
                throw new BenchException("--load-threads must be 1..1000, got " + loadThreads);
            }
            if (batchSize != null && (batchSize < 1 || batchSize > 5000)) {
                throw new BenchException("--batch-size must be 1..5000 edges, got " + batchSize);
            }
            if (!(target >= 0) || Double.isInfinite(target)) {
                throw new BenchException("--target must be >= 0 ops/s (0: closed loop), got " + target);
            }
            if (!(sloMs > 0) || Double.isInfinite(sloMs)) {
                throw new BenchException("--slo must be > 0 ms, got " + sloMs);
            }
        }
    }
}
