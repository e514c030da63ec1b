package dev.bench.core.run;

import dev.bench.core.metrics.RunResult;

import java.util.Map;

/**
 * What one phase produced: the engine's measurements, the after-run check, and the workload's own
 * figures for the summary (votes acknowledged, tpmC, ...).
 */
public record PhaseOutcome(PhasePlan plan, RunResult result, IntegrityCheck check, Map<String, Object> figures) {

    /** Ran to its end and the database agreed. */
    public boolean ok() {
        return result.completedAsPlanned() && check.ok();
    }
}
