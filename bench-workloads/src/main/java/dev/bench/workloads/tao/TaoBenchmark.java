package dev.bench.workloads.tao;

import dev.bench.core.BenchException;
import dev.bench.core.RunConfig;
import dev.bench.core.Workload;
import dev.bench.core.jdbc.Dialect;
import dev.bench.core.jdbc.JdbcTarget;
import dev.bench.core.jdbc.ReplicaCatchUp;
import dev.bench.core.metrics.IntervalListener;
import dev.bench.core.metrics.RunResult;
import dev.bench.core.run.Benchmark;
import dev.bench.core.run.Figures;
import dev.bench.core.run.IntegrityCheck;
import dev.bench.core.run.PhaseOutcome;
import dev.bench.core.run.PhasePlan;

import java.io.PrintWriter;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.IntFunction;

/**
 * TAOBench's run phase as the run template's parts: {@link #prepare} reads the edge keys back once;
 * each experiment line is one phase (its own pool of one connection per thread, its own check, its
 * own TAOBench report). The load phase is {@link #load}, which runs no engine phase.
 */
public final class TaoBenchmark extends Benchmark {

    /** TAOBench's load batch, edges per multi-row insert: our default where inserts are the path. */
    public static final int TAOBENCH_BATCH = 256;
    /** Edges per COPY on PostgreSQL: measured fastest here (47,000 edges/s against 19,000 at 256). */
    public static final int POSTGRES_COPY_BATCH = 5000;

    private final IntFunction<JdbcTarget> targets;
    /** Opens the replicas' read-only pool ({@code --reads-to replicas}), or null. */
    private final IntFunction<JdbcTarget> replicaTargets;
    private final TaoConfig config;
    private final List<Experiment> experiments;
    private final List<RunConfig> runConfigs;
    private final Duration slo;
    private final int keyThreads;
    private EdgePool keys;
    private String maskedUrl;
    private String serverVersion;
    private JdbcTarget target;
    private JdbcTarget replicas;
    private TaoWorkload workload;
    private TaoCheck.Counts before;
    /** When {@link #before} was read: of several clients, the earliest read is the state before any wrote. */
    private long beforeAtMillis;

    /** Reads and writes on the primary. */
    public TaoBenchmark(IntFunction<JdbcTarget> targets, TaoConfig config, List<Experiment> experiments,
                        List<RunConfig> runConfigs, Duration slo, int keyThreads) {
        this(targets, null, config, experiments, runConfigs, slo, keyThreads);
    }

    /**
     * @param targets    opens the target with a pool for the given number of workers
     * @param replicas   opens the replicas' read-only pool the same way, or null: reads go to the primary
     * @param runConfigs one per experiment, validated
     * @param slo        open loop: later than intended + slo is overtime
     * @param keyThreads threads reading the keys back (TAOBench's load threads)
     */
    public TaoBenchmark(IntFunction<JdbcTarget> targets, IntFunction<JdbcTarget> replicas, TaoConfig config,
                        List<Experiment> experiments, List<RunConfig> runConfigs, Duration slo, int keyThreads) {
        this.targets = targets;
        this.replicaTargets = replicas;
        this.config = config;
        this.experiments = List.copyOf(experiments);
        this.runConfigs = List.copyOf(runConfigs);
        this.slo = slo;
        this.keyThreads = keyThreads;
    }

    /**
     * Creates the tables (only replacing ones the tool made) and loads {@code edges} edges.
     *
     * @param batch    edges per batch; 0 for the server's fastest ({@link #POSTGRES_COPY_BATCH} with COPY,
     *                 else TAOBench's {@link #TAOBENCH_BATCH})
     * @param progress receives a line with edges/s every few seconds
     */
    public static TaoLoader.Outcome load(JdbcTarget target, TaoConfig config, long edges, int threads, int batch,
                                         long seed, PrintWriter progress) {
        TaoSql sql = TaoSql.forDialect(target.dialect());
        if (batch == 0) {
            batch = target.dialect() == Dialect.POSTGRES ? POSTGRES_COPY_BATCH : TAOBENCH_BATCH;
        }
        try {
            TaoSchema.recreate(target, sql);
            return new TaoLoader(target, sql, config, batch, seed).load(edges, threads, progress);
        } catch (SQLException e) {
            throw new BenchException("load failed: " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new BenchException("load interrupted");
        }
    }

    @Override
    public String name() {
        return "tao";
    }

    @Override
    public Map<String, Object> describe() {
        Map<String, Object> d = new LinkedHashMap<>();
        d.put("target", maskedUrl);
        d.put("server_version", serverVersion);
        d.put("config", config.source());
        d.put("edges_read_back", keys == null ? 0 : keys.size());
        return d;
    }

    @Override
    protected void prepare() throws Exception {
        try (JdbcTarget t = targets.apply(keyThreads)) {
            maskedUrl = t.maskedUrl();
            serverVersion = t.serverVersion();
            TaoSql sql = TaoSql.forDialect(t.dialect());
            try (Connection c = t.connection()) {
                TaoSchema.init(c, sql);
                TaoSchema.requireLoaded(c);
            }
            keys = EdgePool.read(t, sql, keyThreads);
        }
    }

    @Override
    protected List<PhasePlan> phases() {
        List<PhasePlan> plans = new ArrayList<>();
        for (int i = 0; i < experiments.size(); i++) {
            Experiment e = experiments.get(i);
            plans.add(new PhasePlan(e.threads() + "x" + e.warmupSeconds() + "x" + e.seconds(), runConfigs.get(i)));
        }
        return plans;
    }

    @Override
    protected Workload workload(PhasePlan phase) throws Exception {
        closeTarget();
        target = targets.apply(phase.config().threads());
        TaoSql sql = TaoSql.forDialect(target.dialect());
        try (Connection c = target.connection()) {
            TaoSchema.init(c, sql);
            before = TaoCheck.Counts.of(c);
            beforeAtMillis = System.currentTimeMillis();
        }
        if (replicaTargets != null) {
            replicas = replicaTargets.apply(phase.config().threads());
            ReplicaCatchUp.await(target, replicas, ReplicaCatchUp.TIMEOUT_MILLIS); // a load a moment ago may not be there yet
        }
        workload = new TaoWorkload(target, replicas, sql, config, keys);
        return workload;
    }

    @Override
    protected List<IntervalListener> listeners(PhasePlan phase, PrintWriter out) {
        return List.of(workload.windowListener());
    }

    @Override
    protected IntegrityCheck check(PhasePlan phase, RunResult result) throws Exception {
        try (Connection c = target.connection()) {
            TaoSchema.init(c, TaoSql.forDialect(target.dialect()));
            TaoCheck.Verdict v = TaoCheck.check(c, before, workload.counters());
            return IntegrityCheck.of(v.ok(), v.detail());
        }
    }

    @Override
    protected Figures figures(PhasePlan phase, RunResult result) {
        TaoCounters counters = workload.counters();
        return new Figures().same("experiment", experiment(phase).describe())
                .sum("read_misses", counters.readMisses())
                .sum("writes_that_changed_nothing", counters.writeNoops())
                .sum("retries", result.kinds().stream().mapToLong(k -> k.outcomes().retries()).sum())
                .sum("edges_added", counters.edgesAdded.sum())
                .sum("edges_deleted", counters.edgesDeleted.sum());
    }

    @Override
    protected Map<String, Object> told(PhasePlan phase, RunResult result) {
        return TaoTold.of(workload.counters(), before, beforeAtMillis);
    }

    @Override
    protected void report(PhaseOutcome outcome, PrintWriter out) {
        long sloNanos = outcome.plan().config().isOpenLoop() ? slo.toNanos() : 0;
        Experiment experiment = experiment(outcome.plan());
        out.print(TaoReport.render(experiment, outcome.result(), sloNanos, workload.counters(),
                workload.window().totalSeconds(experiment.warmupSeconds())));
        out.println("Check: " + outcome.check().verdict());
        out.flush();
    }

    private Experiment experiment(PhasePlan phase) {
        for (int i = 0; i < runConfigs.size(); i++) {
            if (runConfigs.get(i) == phase.config()) {
                return experiments.get(i);
            }
        }
        throw new IllegalArgumentException("not a phase of this run: " + phase.name());
    }

    @Override
    public void close() {
        closeTarget();
    }

    private void closeTarget() {
        try {
            if (target != null) {
                target.close();
                target = null;
            }
        } finally {
            if (replicas != null) {
                replicas.close();
                replicas = null;
            }
        }
    }
}
