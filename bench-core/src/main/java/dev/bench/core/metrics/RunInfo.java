package dev.bench.core.metrics;

import dev.bench.core.RunConfig;

import java.util.List;

/**
 * Facts fixed when a phase starts.
 *
 * @param startEpochMillis wall-clock time of the start of the measured window
 */
public record RunInfo(RunConfig config, List<String> kinds, long startEpochMillis) {
}
