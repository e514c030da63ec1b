package dev.bench.core.run;

import dev.bench.core.Workload;
import dev.bench.core.metrics.IntervalListener;
import dev.bench.core.metrics.RunResult;

import java.io.PrintWriter;
import java.util.List;
import java.util.Map;

/**
 * A workload's parts, which {@link BenchmarkRun#execute} calls in one fixed order:
 * <ol>
 *   <li>{@link #prepare}: create and load, or check that what is there will do;</li>
 *   <li>for each of {@link #phases()}: {@link #workload} (fresh, counting what its clients are told),
 *       {@code Engine.run}, {@link #check} (does the database agree?), {@link #figures}, and
 *       {@link #report} (the origin's format, on stdout);</li>
 *   <li>{@link #finish}: closing lines across phases; then the template writes summary.json and
 *       decides the exit code.</li>
 * </ol>
 * A benchmark is built from validated settings and an open target; it owns that target and closes it.
 *
 * <p>Threading: every method is called from the thread running the template, never concurrently.
 * The {@link dev.bench.core.Workload} it returns is then driven by the engine's worker threads.
 */
public abstract class Benchmark implements AutoCloseable {

    /** Short name: the summary's "workload" and the default results directory's prefix. */
    public abstract String name();

    /**
     * Fields for the top of summary.json, before the options: backend, target (masked), server version.
     */
    public Map<String, Object> describe() {
        return Map.of();
    }

    /** Creates and loads the data, or checks that the data already there will do. */
    protected abstract void prepare() throws Exception;

    /** The phases to run, in order; at least one. */
    protected abstract List<PhasePlan> phases();

    /** A fresh workload for this phase; keep it to check against after the phase. */
    protected abstract Workload workload(PhasePlan phase) throws Exception;

    /** After the phase: whether the database agrees with what the workload's clients were told. */
    protected abstract IntegrityCheck check(PhasePlan phase, RunResult result) throws Exception;

    /** The workload's own figures of this phase for summary.json (votes acknowledged, tpmC, ...). */
    protected Figures figures(PhasePlan phase, RunResult result) {
        return new Figures();
    }

    /**
     * What this client was told in this phase, and the state it started from, for a check once over
     * several clients writing one database ({@link WorkloadType#checkTogether}); summary.json's {@code told}.
     * Empty: the workload has nothing to add up.
     */
    protected Map<String, Object> told(PhasePlan phase, RunResult result) {
        return Map.of();
    }

    /** Live listeners of the workload's own (sysbench's interim lines on stdout, ...). */
    protected List<IntervalListener> listeners(PhasePlan phase, PrintWriter out) {
        return List.of();
    }

    /** The origin's report of one phase, on stdout. */
    protected abstract void report(PhaseOutcome outcome, PrintWriter out);

    /** Closing lines after the last phase (totals across experiments, ...). */
    protected void finish(List<PhaseOutcome> outcomes, PrintWriter out) {
    }

    /** Releases the target (pool, clients). */
    @Override
    public void close() throws Exception {
    }
}
