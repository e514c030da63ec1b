package dev.bench.core.run;

import dev.bench.core.RunConfig;

/**
 * One {@code Engine.run} of a benchmark: a name for reports and results ("run", or TAOBench's
 * "16x10x60"), and its validated engine settings.
 */
public record PhasePlan(String name, RunConfig config) {
}
