package dev.bench.workloads.sysbench;

import dev.bench.core.InputErrors;
import dev.bench.core.RunConfig;
import dev.bench.core.RunConfigBuilder;
import dev.bench.core.run.RunSettings;
import dev.bench.core.settings.Require;
import dev.bench.core.settings.SettingNames;

import java.time.Duration;
import java.util.List;

/**
 * sysbench's general run options (1.0.20 names and defaults; {@code --warmup-time} is 1.1's), shared by
 * oltp-rw and tpcc. {@code --report-interval} is the shared run option, with sysbench's default of 0:
 * no intermediate lines (progress and results files still get 1 s).
 *
 * @param timeSeconds       seconds to run; 0 = no limit, with events
 * @param events            stop after this many transactions; 0 = no limit
 * @param rate              open loop at this many transactions/s; 0 = as fast as possible
 * @param warmupTimeSeconds run this long first, left out of every figure
 * @param percentile        latency percentile to report, 1..100; 0 disables
 * @param checkpoints       --report-checkpoints' seconds, ascending ({@link SysbenchCheckpoints#parse}); none by default
 */
public record SysbenchRunSettings(double timeSeconds, long events, double rate, double warmupTimeSeconds, int percentile,
                                  List<Long> checkpoints) {

    public static final int TIME_S = 10;
    public static final int PERCENTILE = 95;
    public static final int REPORT_INTERVAL_S = 0;
    public static final SysbenchRunSettings DEFAULTS = new SysbenchRunSettings(TIME_S, 0, 0, 0, PERCENTILE);

    /** Without --report-interval sysbench prints no interim lines; progress and results files still get 1 s. */
    private static final Duration QUIET_INTERVAL = Duration.ofSeconds(RunConfig.DEFAULT_REPORT_INTERVAL_S);

    public SysbenchRunSettings {
        checkpoints = List.copyOf(checkpoints);
    }

    public SysbenchRunSettings(double timeSeconds, long events, double rate, double warmupTimeSeconds, int percentile) {
        this(timeSeconds, events, rate, warmupTimeSeconds, percentile, List.of());
    }

    public SysbenchRunSettings withRate(double transactionsPerSec) {
        return new SysbenchRunSettings(timeSeconds, events, transactionsPerSec, warmupTimeSeconds, percentile, checkpoints);
    }

    /** @throws dev.bench.core.BenchException naming the bad option or key, every bad one at once ({@link InputErrors}) */
    public SysbenchRunSettings validate(SettingNames names) {
        InputErrors.Collector errors = new InputErrors.Collector();
        errors.run(() -> Require.seconds(names.of("time"), timeSeconds));
        errors.run(() -> Require.seconds(names.of("warmup-time"), warmupTimeSeconds));
        errors.run(() -> Require.atLeast(names.of("events"), events, 0));
        errors.run(() -> Require.rate(names.of("rate"), rate));
        errors.run(() -> Require.between(names.of("percentile"), percentile, 0, 100));
        // both 0, not either below 0: that is its own error above
        errors.run(() -> Require.that(timeSeconds != 0 || events != 0, names.of("time") + " 0 needs " + names.of("events")
                + " N: with neither the run would never end"));
        errors.throwIfAny();
        return this;
    }

    /**
     * The run's one phase: {@code threads} workers, closed loop or at {@link #rate}, after the warmup, for
     * the time or the events, whichever ends first.
     */
    public RunConfig config(RunSettings run, int threads, long seed, SettingNames names) {
        return configBuilder(run, threads, seed, names).build();
    }

    /** {@link #config}'s builder, for a test that sets more of the phase (cpu: its event queue's max lag). */
    public RunConfigBuilder configBuilder(RunSettings run, int threads, long seed, SettingNames names) {
        validate(names);
        Require.that(rate == 0 || !run.hasSchedule(), names.of("rate") + " and " + names.of("schedule")
                + " exclude each other: the schedule gives the rate over time");
        RunConfigBuilder b = run.applyTo(RunConfig.builder(), names).threads(threads).targetOpsPerSec(rate)
                .warmup(Require.seconds(names.of("warmup-time"), warmupTimeSeconds))
                .duration(Require.seconds(names.of("time"), timeSeconds)).maxOps(events).seed(seed);
        if (run.reportIntervalSeconds() == 0) {
            b.reportInterval(QUIET_INTERVAL);
        }
        return b;
    }
}
