package dev.bench.cli.oltp;

import picocli.CommandLine.Option;

/**
 * sysbench's general run options (1.0.20 names and defaults) beyond the shared ones; its
 * {@code --report-interval} is the shared option, with sysbench's default of 0 (no interim lines).
 */
public final class SysbenchRunOptions {

    @Option(names = "--time", paramLabel = "S", defaultValue = "10", description = "Seconds to run; 0 = no limit, with --events (default: ${DEFAULT-VALUE}).")
    public long time;

    @Option(names = "--events", paramLabel = "N", defaultValue = "0", description = "Stop after N transactions; 0 = no limit (default: ${DEFAULT-VALUE}).")
    public long events;

    @Option(names = "--rate", paramLabel = "TPS", defaultValue = "0", description = "Open loop: Poisson arrivals at this many transactions/s, queue wait counted in latency; 0 = as fast as possible (default: ${DEFAULT-VALUE}).")
    public double rate;

    @Option(names = "--warmup-time", paramLabel = "S", defaultValue = "0", description = "Run this many seconds first, left out of every figure (sysbench 1.1's option; 1.0.20 has none): the JVM compiles its hot code then (default: ${DEFAULT-VALUE}).")
    public long warmupTime;

    @Option(names = "--percentile", paramLabel = "P", defaultValue = "95", description = "Latency percentile to report, 1-100; 0 disables (default: ${DEFAULT-VALUE}).")
    public int percentile;
}
