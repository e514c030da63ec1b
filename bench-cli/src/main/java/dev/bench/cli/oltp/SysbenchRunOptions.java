package dev.bench.cli.oltp;

import picocli.CommandLine.Option;

import java.nio.file.Path;

/** sysbench's general run options (1.0.20 names and defaults), plus where results go. */
public final class SysbenchRunOptions {

    @Option(names = "--time", paramLabel = "S", defaultValue = "10", description = "Seconds to run; 0 = no limit, with --events (default: ${DEFAULT-VALUE}).")
    public long time;

    @Option(names = "--events", paramLabel = "N", defaultValue = "0", description = "Stop after N transactions; 0 = no limit (default: ${DEFAULT-VALUE}).")
    public long events;

    @Option(names = "--rate", paramLabel = "TPS", defaultValue = "0", description = "Open loop: Poisson arrivals at this many transactions/s, queue wait counted in latency; 0 = as fast as possible (default: ${DEFAULT-VALUE}).")
    public double rate;

    @Option(names = "--report-interval", paramLabel = "S", defaultValue = "0", description = "Seconds between intermediate reports; 0 = none (default: ${DEFAULT-VALUE}).")
    public long reportInterval;

    @Option(names = "--percentile", paramLabel = "P", defaultValue = "95", description = "Latency percentile to report, 1-100; 0 disables (default: ${DEFAULT-VALUE}).")
    public int percentile;

    @Option(names = "--max-lag", paramLabel = "S", defaultValue = "10", description = "With --rate: stop once the oldest waiting transaction is this many seconds late (default: ${DEFAULT-VALUE}).")
    public double maxLagSeconds;

    @Option(names = "--results", paramLabel = "DIR", description = "Where to write summary.json, intervals.csv, latency.hlog (default: results/oltp-rw-<time>); must be new or empty.")
    public Path results;
}
