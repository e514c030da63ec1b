package dev.bench.core.run;

import dev.bench.core.metrics.RunResult;

import java.util.Map;

/**
 * What one phase produced: the engine's measurements, the after-run check, the workload's own
 * figures for the summary (votes acknowledged, tpmC, ...), and what its clients were told ({@link Benchmark#told}).
 *
 * @param checkSeconds how long the after-run check took (it scans tables, so it grows with what the run wrote)
 * @param failed       the phase failed for good (its result holds what was measured until then; no later phase runs)
 */
public record PhaseOutcome(PhasePlan plan, RunResult result, IntegrityCheck check, double checkSeconds, Figures figures,
                           Map<String, Object> told, boolean failed) {

    /** Ran to its end, measured at least one op, and the database agreed: a run that measured nothing is no result. */
    public boolean ok() {
        return result.completedAsPlanned() && result.completedTotal() > 0 && check.ok();
    }
}
