package dev.bench.cli;

import dev.bench.core.engine.Arrivals;
import picocli.CommandLine.Option;

import java.nio.file.Path;

/** The engine settings every workload command shares beyond its original tool's own flags. */
public final class EngineOptions {

    @Option(names = "--seed", paramLabel = "N", defaultValue = "42", description = "Seed for arrivals and keys: same seed, same ops (default: ${DEFAULT-VALUE}).")
    public long seed;

    @Option(names = "--arrivals", paramLabel = "poisson|uniform", defaultValue = "poisson", description = "Open-loop arrival spacing: poisson or uniform (default: ${DEFAULT-VALUE}).")
    public Arrivals arrivals;

    @Option(names = "--report-interval", defaultValue = "1", paramLabel = "S", description = "Seconds between progress lines on stderr (default: ${DEFAULT-VALUE}).")
    public double reportIntervalSeconds;

    @Option(names = "--max-lag", defaultValue = "10", paramLabel = "S", description = "Stop early once the oldest waiting op is this many seconds late (default: ${DEFAULT-VALUE}).")
    public double maxLagSeconds;

    @Option(names = "--results", paramLabel = "DIR", description = "Where to write summary.json, intervals.csv and latency.hlog (default: results/<workload>-<time>); must be new or empty.")
    public Path results;
}
