package dev.bench.workloads.tpcc;

import dev.bench.core.BenchException;
import dev.bench.core.Failures;
import dev.bench.core.RunConfig;
import dev.bench.core.Workload;
import dev.bench.core.jdbc.JdbcTarget;
import dev.bench.core.metrics.IntervalListener;
import dev.bench.core.metrics.RunResult;
import dev.bench.core.run.Benchmark;
import dev.bench.core.run.Figures;
import dev.bench.core.run.IntegrityCheck;
import dev.bench.core.run.PhaseOutcome;
import dev.bench.core.run.PhasePlan;
import dev.bench.workloads.sysbench.QueryCounts;
import dev.bench.workloads.sysbench.SysbenchIntervalLines;

import java.io.PrintWriter;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code tpcc run} in the run template: the tables must be there (prepare is its own action), one
 * phase of the five transactions, then consistency conditions 1-10 and 12 unless told not to, and the rows
 * the new orders and payments added against the commits acknowledged and in doubt ({@link TpccWrites}).
 */
public final class TpccBenchmark extends Benchmark {

    private final JdbcTarget target;
    private final TpccSettings settings;
    private final RunConfig config;
    private final boolean check;
    private final double reportIntervalSeconds;
    private final int percentile;
    private TpccWorkload workload;
    private TpccCheck.Outcome checked;
    /** Orders and history rows before the run, null with --no-check or as one of several clients. */
    private TpccWrites.Rows rowsBefore;

    /**
     * @param check                 run the consistency check after the run
     * @param reportIntervalSeconds sysbench's intermediate lines every this many seconds; 0: none
     * @param percentile            sysbench's --percentile (0: disabled)
     */
    TpccBenchmark(JdbcTarget target, TpccSettings settings, RunConfig config, boolean check,
                  double reportIntervalSeconds, int percentile) {
        this.target = target;
        this.settings = settings;
        this.config = config;
        this.check = check;
        this.reportIntervalSeconds = reportIntervalSeconds;
        this.percentile = percentile;
    }

    @Override
    public String name() {
        return "tpcc";
    }

    @Override
    public Map<String, Object> describe() {
        return target.summaryFields();
    }

    @Override
    protected void prepare() throws Exception {
        try {
            TpccDatabase.requirePrepared(target, settings);
        } catch (BenchException e) {
            throw e;
        } catch (Exception e) {
            throw new BenchException("checking the tables failed: " + Failures.describe(e), e);
        }
    }

    @Override
    protected List<PhasePlan> phases() {
        return List.of(new PhasePlan("run", config));
    }

    @Override
    protected Workload workload(PhasePlan phase) throws Exception {
        // before any worker writes: what the commits add to. One of several clients runs no check of its own
        // (bench merge runs the conditions once), and must not spend its time before --start-at counting rows.
        if (check && config.clients() <= 1) {
            rowsBefore = TpccWrites.Rows.of(target, settings);
        }
        workload = new TpccWorkload(target, settings, config.threads());
        return workload;
    }

    @Override
    protected List<IntervalListener> listeners(PhasePlan phase, PrintWriter out) {
        return List.of(new SysbenchIntervalLines(out, workload.counters(), TpccWorkloadType.BANNER, phase.config(),
                reportIntervalSeconds, percentile));
    }

    @Override
    protected IntegrityCheck check(PhasePlan phase, RunResult result) throws Exception {
        if (!check) {
            return IntegrityCheck.notChecked("--no-check");
        }
        checked = TpccCheck.afterRun(target, settings, Math.max(2, Math.min(config.threads(), 4)));
        TpccWrites.Verdict rows = rowsBefore == null ? new TpccWrites.Verdict(true, "rows not counted")
                : workload.writes().verdict(rowsBefore, TpccWrites.Rows.of(target, settings));
        String conditions = (checked.verdicts().size() - checked.failed()) + " of " + checked.verdicts().size()
                + " consistency checks (condition x warehouse) passed";
        // a lost write leads the line ("lost N acknowledged writes: ..."), as in every workload's check
        return IntegrityCheck.of(checked.passed() && rows.ok(), rows.ok() ? conditions + "; " + rows.detail()
                : rows.detail() + "; " + conditions);
    }

    /** The consistency conditions need only the data's shape to run once over several clients. */
    @Override
    protected Map<String, Object> told(PhasePlan phase, RunResult result) {
        Map<String, Object> told = new LinkedHashMap<>(Map.of("scale", settings.scale(), "tables", settings.tables(), "check", check));
        if (rowsBefore != null) {
            told.putAll(workload.writes().told(rowsBefore));
        }
        return told;
    }

    @Override
    protected Figures figures(PhasePlan phase, RunResult result) {
        QueryCounts q = workload.counters().snapshot();
        // clients started together (--start-at) share the window: new orders per minute add up
        Figures figures = new Figures().sum("tpmC", TpccReport.tpmC(result))
                .sum("queries", Map.of("read", q.read(), "write", q.write(), "other", q.other()));
        if (checked != null) {
            figures.max("check_seconds", checked.seconds());
        }
        return figures;
    }

    @Override
    protected void report(PhaseOutcome outcome, PrintWriter out) {
        out.println();
        out.print(TpccReport.render(outcome.result(), workload.counters().snapshot(), workload.fairness(), percentile));
        if (checked != null) {
            out.println();
            for (TpccCheck.Verdict v : checked.verdicts()) {
                out.println((settings.tables() > 1 ? "table set " + v.set() + ": " : "") + v.line());
            }
            out.printf("check: %.1f s%n", checked.seconds());
        }
        out.println("# integrity: " + outcome.check().verdict());
    }

    @Override
    public void close() {
        target.close();
    }
}
