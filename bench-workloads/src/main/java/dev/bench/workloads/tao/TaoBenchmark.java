package dev.bench.workloads.tao;

import dev.bench.core.BenchException;
import dev.bench.core.RunConfig;
import dev.bench.core.engine.Engine;
import dev.bench.core.jdbc.JdbcTarget;
import dev.bench.core.metrics.IntervalListener;
import dev.bench.core.metrics.RunResult;

import java.io.PrintWriter;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * TAOBench's two phases against a SQL target: {@link #load} creates the tables and fills them;
 * {@link #readKeys} reads the edge keys back once; {@link #runExperiment} runs one experiment line as
 * one engine phase, then checks the database and renders TAOBench's report.
 */
public final class TaoBenchmark {

    /** TAOBench's load batch: edges per multi-row insert. */
    public static final int DEFAULT_BATCH = 256;

    private TaoBenchmark() {
    }

    /** How experiments run beyond what an experiment line says. */
    public record RunSettings(double targetOpsPerSec, Duration slo, Duration reportInterval, Duration maxLag,
                              long seed) {
    }

    /** One experiment's measurements, TAOBench report and check. */
    public record ExperimentOutcome(RunResult result, String report, boolean checkOk, String checkVerdict,
                                    long readMisses, long writeNoops) {
    }

    public static TaoLoader.Outcome load(JdbcTarget target, TaoConfig config, long edges, int threads, int batch,
                                         long seed, PrintWriter progress) {
        if (edges < 1) {
            throw new BenchException("-n must be >= 1 edges, got " + edges);
        }
        TaoSql sql = TaoSql.forDialect(target.dialect());
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

    /** @throws BenchException with one line when nothing was loaded yet */
    public static EdgePool readKeys(JdbcTarget target, int threads) {
        TaoSql sql = TaoSql.forDialect(target.dialect());
        try {
            try (Connection c = target.connection()) {
                TaoSchema.init(c, sql);
                TaoSchema.requireLoaded(c);
            }
            return EdgePool.read(target, sql, threads);
        } catch (SQLException e) {
            throw new BenchException("reading the edge keys failed: " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new BenchException("interrupted while reading the edge keys");
        }
    }

    public static ExperimentOutcome runExperiment(JdbcTarget target, EdgePool keys, TaoConfig config,
                                                  Experiment experiment, int index, RunSettings settings,
                                                  List<IntervalListener> listeners) {
        TaoSql sql = TaoSql.forDialect(target.dialect());
        TaoWorkload workload = new TaoWorkload(target, sql, config, keys);
        RunConfig run = RunConfig.builder().threads(experiment.threads()).targetOpsPerSec(settings.targetOpsPerSec())
                .warmup(Duration.ofSeconds(experiment.warmupSeconds())).duration(Duration.ofSeconds(experiment.seconds()))
                .reportInterval(settings.reportInterval()).maxLag(settings.maxLag())
                .seed(settings.seed() + index).build();
        try {
            TaoCheck.Counts before;
            try (Connection c = target.connection()) {
                TaoSchema.init(c, sql);
                before = TaoCheck.Counts.of(c);
            }
            List<IntervalListener> all = new ArrayList<>();
            all.add(workload.windowListener());
            all.addAll(listeners);
            RunResult result = Engine.run(workload, run, all);
            TaoCheck.Verdict verdict;
            try (Connection c = target.connection()) {
                TaoSchema.init(c, sql);
                verdict = TaoCheck.check(c, before, workload.counters());
            }
            long slo = settings.targetOpsPerSec() > 0 ? settings.slo().toNanos() : 0;
            String report = TaoReport.render(experiment, result, slo, workload.counters());
            return new ExperimentOutcome(result, report, verdict.ok(), verdict.verdict(),
                    workload.counters().readMisses(), workload.counters().writeNoops());
        } catch (SQLException e) {
            throw new BenchException("experiment " + experiment.describe() + " failed: " + e.getMessage(), e);
        }
    }
}
