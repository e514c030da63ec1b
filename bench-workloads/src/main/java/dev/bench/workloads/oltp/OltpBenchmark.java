package dev.bench.workloads.oltp;

import dev.bench.core.BenchException;
import dev.bench.core.Failures;
import dev.bench.core.RunConfig;
import dev.bench.core.Workload;
import dev.bench.core.jdbc.DryRunDriver;
import dev.bench.core.jdbc.JdbcTarget;
import dev.bench.core.jdbc.ReplicaCatchUp;
import dev.bench.core.metrics.IntervalListener;
import dev.bench.core.metrics.RunResult;
import dev.bench.core.run.Benchmark;
import dev.bench.core.run.Figures;
import dev.bench.core.run.IntegrityCheck;
import dev.bench.core.run.PhaseOutcome;
import dev.bench.core.run.PhasePlan;
import dev.bench.workloads.sysbench.QueryCounts;
import dev.bench.workloads.sysbench.SysbenchCheckpoints;
import dev.bench.workloads.sysbench.SysbenchIntervalLines;
import dev.bench.workloads.sysbench.SysbenchReport;

import java.io.PrintWriter;
import java.sql.SQLException;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * sysbench oltp_read_write's {@code run} as the run template's parts: check the tables are there and
 * match --table-size, one phase (closed loop, or open loop with --rate), then check every table still
 * holds --table-size rows, and print sysbench's report. Owns the target and closes it.
 */
public final class OltpBenchmark extends Benchmark {

    private final JdbcTarget target;
    /** The replicas' read-only pool for the selects ({@code --reads-to replicas} with --skip-trx on), or null. */
    private final JdbcTarget replicas;
    private final OltpSettings settings;
    private final OltpRunSettings run;
    private final RunConfig config;
    private final int percentile;
    private final double reportIntervalSeconds;
    private OltpWorkload workload;
    /** --report-checkpoints' reports, or null without it. */
    private SysbenchCheckpoints checkpoints;

    /**
     * @param replicas              the replicas' read-only pool for the selects, or null; closed with this benchmark
     * @param reportIntervalSeconds sysbench's --report-interval: its intermediate lines; 0 for none
     */
    OltpBenchmark(JdbcTarget target, JdbcTarget replicas, OltpRunSettings run, RunConfig config, double reportIntervalSeconds) {
        this.target = target;
        this.replicas = replicas;
        this.settings = run.oltp();
        this.run = run;
        this.config = config;
        this.percentile = run.sysbench().percentile();
        this.reportIntervalSeconds = reportIntervalSeconds;
    }

    @Override
    public String name() {
        return OltpTables.WORKLOAD;
    }

    @Override
    public Map<String, Object> describe() {
        return target.summaryFields();
    }

    @Override
    protected void prepare() {
        if (DryRunDriver.isDryRun(target)) {
            return; // no tables to find: sysbench's dry run runs on what it pretends is there
        }
        OltpTables.requirePrepared(target, settings, run.script().script().keepsRows());
        ReplicaCatchUp.await(target, replicas, ReplicaCatchUp.TIMEOUT_MILLIS); // a prepare a moment ago may not be there yet
    }

    @Override
    protected List<PhasePlan> phases() {
        return List.of(new PhasePlan("run", config));
    }

    @Override
    protected Workload workload(PhasePlan phase) {
        workload = new OltpWorkload(target, replicas, settings, run.script(), phase.config().threads());
        return workload;
    }

    /** sysbench's header when the run starts (the tables were found), then its intermediate lines. */
    @Override
    protected List<IntervalListener> listeners(PhasePlan phase, PrintWriter out) {
        List<Long> at = run.sysbench().checkpoints();
        checkpoints = at.isEmpty() ? null : new SysbenchCheckpoints(at, workload.counters(), workload.fairness(), percentile);
        return List.of(new SysbenchIntervalLines(out, workload.counters(), OltpWorkloadType.banner(run), phase.config(),
                reportIntervalSeconds, percentile, run.clockSeeded(), checkpoints));
    }

    /** Every table still holds --table-size rows; oltp_insert and oltp_delete change the count, so theirs is not checked. */
    @Override
    protected IntegrityCheck check(PhasePlan phase, RunResult result) throws Exception {
        if (DryRunDriver.isDryRun(target)) {
            return IntegrityCheck.notChecked("--mysql-dry-run: no server was written to");
        }
        if (run.script().script() == OltpScript.BULK_INSERT) {
            return bulkInsertCheck();
        }
        if (!run.script().script().keepsRows()) {
            return IntegrityCheck.notChecked(run.script().script().luaName() + " adds or removes rows");
        }
        OltpCheck check = new OltpCheck(settings.tableSize(), OltpTables.countRows(target, settings));
        return IntegrityCheck.of(check.ok(), check.detail());
    }

    /** bulk_insert: its tables hold every row its threads appended; a failed last INSERT fails the run, as in sysbench. */
    private IntegrityCheck bulkInsertCheck() throws SQLException {
        if (workload.bulkFailure() != null) {
            throw new BenchException("bulk_insert: the last INSERT failed: " + Failures.firstLine(workload.bulkFailure().getMessage()),
                    workload.bulkFailure());
        }
        long stored = Arrays.stream(OltpTables.countRows(target, settings)).sum();
        return IntegrityCheck.of(stored == workload.bulkRows(), stored + " rows stored of " + workload.bulkRows() + " appended");
    }

    /** The check counts rows per table: what it needs to run once over several clients. */
    @Override
    protected Map<String, Object> told(PhasePlan phase, RunResult result) {
        return Map.of("tables", settings.tables(), "table_size", settings.tableSize());
    }

    @Override
    protected Figures figures(PhasePlan phase, RunResult result) {
        QueryCounts q = workload.counters().snapshot();
        Map<String, Long> queries = new LinkedHashMap<>();
        queries.put("read", q.read());
        queries.put("write", q.write());
        queries.put("other", q.other());
        queries.put("ignored_errors", SysbenchReport.ignoredErrors(result)); // the per-kind retries, summed
        return new Figures().sum("queries", queries);
    }

    @Override
    protected void report(PhaseOutcome outcome, PrintWriter out) {
        QueryCounts q = workload.counters().snapshot();
        out.print(checkpoints == null ? SysbenchReport.finalReport(outcome.result(), q, workload.fairness(), percentile)
                : SysbenchReport.report(checkpoints.sinceLast(outcome.result(), q), percentile));
        out.println("# integrity: " + outcome.check().verdict());
    }

    /** The last phase's workload (its counters), for tests. */
    OltpWorkload workload() {
        return workload;
    }

    @Override
    public void close() {
        try {
            target.close();
        } finally {
            if (replicas != null) {
                replicas.close();
            }
        }
    }
}
