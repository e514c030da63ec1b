package dev.bench.cli.sysbench;

import dev.bench.workloads.sysbench.SysbenchRunSettings;
import picocli.CommandLine.IDefaultValueProvider;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Option;

/**
 * sysbench's general run options (1.0.20 names and defaults) beyond the shared ones, for oltp-rw and
 * tpcc alike; its {@code --report-interval} is the shared option, with sysbench's default of 0 (no
 * interim lines): commands using these options name {@link Defaults} as their default provider.
 */
public final class SysbenchRunOptions {

    @Option(names = "--time", paramLabel = "S", defaultValue = "" + SysbenchRunSettings.TIME_S, description = "Seconds to run; 0 = no limit, with --events (default: ${DEFAULT-VALUE}).")
    double time;

    @Option(names = "--events", paramLabel = "N", defaultValue = "0", description = "Stop after N transactions; 0 = no limit (default: ${DEFAULT-VALUE}).")
    long events;

    @Option(names = "--rate", paramLabel = "TPS", defaultValue = "0", description = "Open loop: Poisson arrivals at this many transactions/s, queue wait counted in latency; 0 = as fast as possible (default: ${DEFAULT-VALUE}).")
    double rate;

    @Option(names = "--warmup-time", paramLabel = "S", defaultValue = "0", description = "Run this many seconds first, left out of every figure (sysbench 1.1's option; 1.0.20 has none): the JVM compiles its hot code then (default: ${DEFAULT-VALUE}).")
    double warmupTime;

    @Option(names = "--percentile", paramLabel = "P", defaultValue = "" + SysbenchRunSettings.PERCENTILE, description = "Latency percentile to report, 1-100; 0 disables (default: ${DEFAULT-VALUE}).")
    int percentile;

    public SysbenchRunSettings settings() {
        return new SysbenchRunSettings(time, events, rate, warmupTime, percentile);
    }

    /** sysbench's --report-interval default is 0 (no interim lines), not the shared option's 1 s. */
    public static final class Defaults implements IDefaultValueProvider {
        @Override
        public String defaultValue(ArgSpec arg) {
            return arg instanceof OptionSpec o && o.longestName().equals("--report-interval")
                    ? "" + SysbenchRunSettings.REPORT_INTERVAL_S : null;
        }
    }
}
