package dev.bench.workloads.tao;

import com.fasterxml.jackson.databind.JsonNode;
import dev.bench.core.RunConfig;
import dev.bench.core.RunConfigBuilder;
import dev.bench.core.WorkerSchedule;
import dev.bench.core.jdbc.JdbcTarget;
import dev.bench.core.run.Benchmark;
import dev.bench.core.run.IntegrityCheck;
import dev.bench.core.run.RunSettings;
import dev.bench.core.run.TargetSettings;
import dev.bench.core.run.WorkloadType;
import dev.bench.core.settings.Require;
import dev.bench.core.settings.SettingNames;

import java.io.PrintWriter;
import java.sql.Connection;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;
import java.util.function.IntFunction;

/**
 * TAOBench as data: its settings and the factory of its experiments; the plan also loads, printing
 * TAOBench's load lines, so {@code -load -run} reads the config once and checks everything before loading.
 */
public final class TaoWorkloadType implements WorkloadType<TaoSettings> {

    public static final String NAME = "tao";

    @Override
    public String name() {
        return NAME;
    }

    /** The single reads and read transactions; writes and write transactions stay on the primary. */
    @Override
    public boolean readsToReplicas() {
        return true;
    }

    @Override
    public Class<TaoSettings> settingsType() {
        return TaoSettings.class;
    }

    @Override
    public TaoSettings defaults() {
        return TaoSettings.DEFAULTS;
    }

    @Override
    public TaoSettings withTargetRate(TaoSettings s, double opsPerSec) {
        return new TaoSettings(s.edges(), s.loadThreads(), s.config(), s.experiments(), s.db(), s.props(), s.batchSize(),
                opsPerSec, s.sloMs());
    }

    @Override
    public Plan plan(TaoSettings settings, TargetSettings target, RunSettings run, SettingNames names,
                     Consumer<String> warnings) {
        settings.validate(names);
        TaoConfig config = TaoConfig.read(settings.config(), warnings);
        TaoTargetResolver resolver = new TaoTargetResolver(target, settings.db(), settings.props(), names);
        IntFunction<JdbcTarget> targets = resolver.opener();
        List<Experiment> experiments = experiments(settings, run, names);
        return new Plan(settings, config, targets, resolver.replicasOpener(), experiments, runConfigs(experiments, settings, run, names),
                run.seed());
    }

    /**
     * Several clients' experiments, checked once at the end: the row counts now against the counts read
     * before any client wrote plus everything all of them were told; guards as always.
     */
    @Override
    public IntegrityCheck checkTogether(TargetSettings target, List<JsonNode> told) throws Exception {
        try (JdbcTarget t = new TaoTargetResolver(target, null, null, SettingNames.FLAGS).opener().apply(1);
             Connection c = t.connection()) {
            TaoSchema.init(c, TaoSql.forDialect(t.dialect()));
            TaoCheck.Verdict v = TaoCheck.check(c, TaoTold.before(told), TaoTold.counters(told));
            return IntegrityCheck.of(v.ok(), v.detail());
        }
    }

    /**
     * The experiment lines; a schedule of worker counts ({@code 30s:x16,30s:x128}) is one experiment instead,
     * its threads changing over its length.
     */
    private static List<Experiment> experiments(TaoSettings settings, RunSettings run, SettingNames names) {
        run.requireNoRateSchedule(names, "tao runs the experiment lines of its config, each with its threads and length");
        if (!run.hasWorkerCounts()) {
            return settings.experiments() == null ? Experiment.defaults() : Experiment.read(settings.experiments());
        }
        Require.that(settings.experiments() == null, names.of("experiments") + " and " + names.of("schedule")
                + " exclude each other: a schedule of worker counts is the one experiment");
        WorkerSchedule workers = run.workers();
        return List.of(new Experiment(workers.maxWorkers(), 0, (int) Math.ceil(workers.seconds())));
    }

    /** One run config per experiment line: its threads, warmup and length; only the first waits for a shared start. */
    private static List<RunConfig> runConfigs(List<Experiment> experiments, TaoSettings settings, RunSettings run,
                                              SettingNames names) {
        List<RunConfig> configs = new ArrayList<>();
        for (int i = 0; i < experiments.size(); i++) {
            Experiment e = experiments.get(i);
            RunConfigBuilder b = run.applyTo(RunConfig.builder(), names).threads(e.threads())
                    .targetOpsPerSec(settings.target()).warmup(Duration.ofSeconds(e.warmupSeconds()))
                    .duration(Duration.ofSeconds(e.seconds())).seed(run.seed() + i);
            if (i > 0) {
                b.startAt(null);
            }
            configs.add(b.build());
        }
        return configs;
    }

    /** A checked TAOBench run: load it, and open its experiments. */
    public static final class Plan implements Opener {
        private final TaoSettings settings;
        private final TaoConfig config;
        private final IntFunction<JdbcTarget> targets;
        /** Null when reads go to the primary. */
        private final IntFunction<JdbcTarget> replicas;
        private final List<Experiment> experiments;
        private final List<RunConfig> configs;
        private final long seed;

        private Plan(TaoSettings settings, TaoConfig config, IntFunction<JdbcTarget> targets, IntFunction<JdbcTarget> replicas,
                     List<Experiment> experiments, List<RunConfig> configs, long seed) {
            this.settings = settings;
            this.config = config;
            this.targets = targets;
            this.replicas = replicas;
            this.experiments = experiments;
            this.configs = configs;
            this.seed = seed;
        }

        @Override
        public Benchmark open() {
            return new TaoBenchmark(targets, replicas, config, experiments, configs, Duration.ofNanos(Math.round(settings.sloMs() * 1e6)),
                    settings.loadThreads());
        }

        /**
         * TAOBench's load phase with its closing lines on {@code out}, progress on {@code err}.
         *
         * @return 0, or 1 when a batch failed
         */
        public int load(PrintWriter out, PrintWriter err) {
            TaoLoader.Outcome outcome;
            try (JdbcTarget t = targets.apply(settings.loadThreads())) {
                out.printf("Loading %d edges into %s with %d threads%n", settings.edges(), t.maskedUrl(), settings.loadThreads());
                out.flush();
                outcome = TaoBenchmark.load(t, config, settings.edges(), settings.loadThreads(),
                        settings.batchSize() == null ? 0 : settings.batchSize(), seed, err);
            }
            out.println("Number of failed batch inserts: " + outcome.failedBatches());
            out.println("Done with batch insert phase!");
            out.printf(Locale.ROOT, "Loaded %d edges in %.1f s: %.0f edges/s%n", outcome.edges(), outcome.seconds(),
                    outcome.edgesPerSecond());
            out.flush();
            return outcome.failedBatches() == 0 ? 0 : 1;
        }
    }
}
