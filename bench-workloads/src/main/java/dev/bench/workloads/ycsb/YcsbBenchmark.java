package dev.bench.workloads.ycsb;

import dev.bench.core.Workload;
import dev.bench.core.metrics.IntervalListener;
import dev.bench.core.metrics.RunResult;
import dev.bench.core.run.Benchmark;
import dev.bench.core.run.Figures;
import dev.bench.core.run.IntegrityCheck;
import dev.bench.core.run.PhaseOutcome;
import dev.bench.core.run.PhasePlan;

import java.io.PrintWriter;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.LongSupplier;

/**
 * One YCSB phase, {@code load} or {@code run}, through the run template: the table created when
 * missing (load) or required (run), the phase, then the check: a SQL table holds the rows it held
 * before plus the inserts acknowledged (inserts in doubt may or may not be there), memcached holds every
 * record's key (or, having evicted at least as many items meanwhile, the check is not confirmed); with
 * dataintegrity every read was verified. Owns the store and closes it.
 */
public final class YcsbBenchmark extends Benchmark {

    private final YcsbStore store;
    private final YcsbPlan plan;
    private final PrintWriter err;
    private YcsbWorkload workload;
    private long rowsBefore;
    private long inDoubtFound = -1;
    /** Seconds the load's primary key took after the data; < 0: none was built. */
    private double keyBuildSeconds = -1;

    /** @param err where {@code -s} prints its status lines; null for none */
    YcsbBenchmark(YcsbStore store, YcsbPlan plan, PrintWriter err) {
        this.store = store;
        this.plan = plan;
        this.err = err;
    }

    @Override
    public String name() {
        return YcsbWorkloadType.NAME;
    }

    @Override
    public Map<String, Object> describe() {
        Map<String, Object> fields = new LinkedHashMap<>();
        fields.put("phase", plan.settings().phase());
        fields.put("binding", plan.settings().binding());
        fields.put("target", store.describe());
        return fields;
    }

    @Override
    protected void prepare() throws Exception {
        store.prepare(plan.isLoad());
        rowsBefore = store.countsKeys() ? 0 : store.count(List.of());
        store.beforePhase();
    }

    @Override
    protected List<PhasePlan> phases() {
        return List.of(new PhasePlan(plan.settings().phase(), plan.runConfig()));
    }

    @Override
    protected Workload workload(PhasePlan phase) {
        workload = new YcsbWorkload(store, plan.config(), plan.isLoad(), plan.rowsPerInsert());
        return workload;
    }

    @Override
    protected List<IntervalListener> listeners(PhasePlan phase, PrintWriter out) {
        if (!plan.settings().status() || err == null) {
            return List.of();
        }
        LongSupplier records = plan.isLoad() ? () -> workload.counts().snapshot().insertsAcknowledged() : null;
        return List.of(new YcsbStatusLines(err, plan.config().statusIntervalSeconds(), records));
    }

    @Override
    protected IntegrityCheck check(PhasePlan phase, RunResult result) throws Exception {
        if (plan.isLoad()) {
            long start = System.nanoTime();
            keyBuildSeconds = store.finishLoad() ? (System.nanoTime() - start) / 1e9 : -1;
        }
        YcsbCounts.Snapshot told = workload.counts().snapshot();
        YcsbCheck check;
        if (store.countsKeys()) {
            long present = store.count(workload.expectedKeys());
            check = YcsbCheck.ofKeys(workload.expectedKeys().size(), present, told, store.evictedSincePhase(),
                    store.keysOnDownServers());
        } else {
            long after = store.count(List.of());
            long found = inDoubtFound();
            // fewer rows than expected: name the acknowledged inserts that are gone (a failover can lose them)
            List<String> lost = after < rowsBefore + told.insertsAcknowledged() + found
                    ? store.absent(workload.acknowledgedInsertKeys()) : List.of();
            check = YcsbCheck.ofRows(plan.config().table(), rowsBefore, after, told, found, lost);
        }
        return check.integrity();
    }

    @Override
    protected Map<String, Object> told(PhasePlan phase, RunResult result) {
        if (store.countsKeys()) {
            return Map.of();
        }
        YcsbCounts.Snapshot told = workload.counts().snapshot();
        Map<String, Object> fields = new LinkedHashMap<>();
        fields.put("table", plan.config().table());
        fields.put("rows_before", rowsBefore);
        fields.put("inserts_acknowledged", told.insertsAcknowledged());
        fields.put("inserts_in_doubt", told.insertsInDoubt());
        if (inDoubtFound >= 0) {
            fields.put("inserts_in_doubt_found", inDoubtFound); // the check looked them up
        }
        return fields;
    }

    /** The inserts in doubt the store holds: looked up once, by the check. */
    private long inDoubtFound() throws Exception {
        inDoubtFound = store.present(workload.counts().inDoubtKeys());
        return inDoubtFound;
    }

    @Override
    protected Figures figures(PhasePlan phase, RunResult result) {
        YcsbCounts.Snapshot told = workload.counts().snapshot();
        Figures figures = new Figures().sum("inserts_acknowledged", told.insertsAcknowledged())
                .sum("inserts_in_doubt", told.insertsInDoubt());
        if (!store.keysOnDownServers().isEmpty()) {
            figures.same("records_on_down_servers", store.keysOnDownServers()); // lost with a pool member, by server
        }
        if (plan.config().dataIntegrity()) {
            figures.sum("reads_verified", told.verified()).sum("reads_verify_failed", told.verifyFailed());
        }
        return figures;
    }

    @Override
    protected void report(PhaseOutcome outcome, PrintWriter out) {
        YcsbCounts.Snapshot told = workload.counts().snapshot();
        YcsbReport.print(outcome.result(), told, plan.config().dataIntegrity(),
                plan.isLoad() ? told.insertsAcknowledged() : -1, out);
        if (keyBuildSeconds >= 0) {
            out.printf(java.util.Locale.ROOT, "# primary key built after the data: %.2f s (not in RunTime)%n", keyBuildSeconds);
        }
        out.println("# integrity: " + outcome.check().verdict());
        out.flush();
    }

    /** The phase's workload (its counts), for tests. */
    YcsbWorkload workload() {
        return workload;
    }

    @Override
    public void close() {
        store.close();
    }
}
