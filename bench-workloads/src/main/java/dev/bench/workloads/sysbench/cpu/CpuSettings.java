package dev.bench.workloads.sysbench.cpu;

import dev.bench.core.BenchException;
import dev.bench.core.RunConfig;
import dev.bench.core.run.RunSettings;
import dev.bench.core.settings.Require;
import dev.bench.core.settings.SettingNames;
import dev.bench.workloads.sysbench.SysbenchRunSettings;

import java.time.Duration;

/**
 * sysbench 1.0.20's cpu test's options: its own --cpu-max-prime beside the threads, the seed and
 * sysbench's run options.
 *
 * @param threads  sysbench's --threads
 * @param maxPrime --cpu-max-prime: each event counts the primes below it
 * @param randSeed --rand-seed; 0 (sysbench's default) seeds from the clock
 * @param sysbench --time, --events, --rate, --percentile, --report-checkpoints (no warmup: sysbench 1.0.20 has none)
 */
public record CpuSettings(int threads, int maxPrime, long randSeed, SysbenchRunSettings sysbench) {

    public static final int THREADS = 1;
    public static final int MAX_PRIME = 10000;
    public static final CpuSettings DEFAULTS = new CpuSettings(THREADS, MAX_PRIME, 0, SysbenchRunSettings.DEFAULTS);

    /** sysbench's event queue (MAX_QUEUE_LEN): with --rate, events wait there; when it is full the run fails. */
    public static final int QUEUE_LENGTH = 131072;
    /** The engine's shortest max lag: at a rate above QUEUE_LENGTH per ms the queue's lag is taken as this. */
    static final double MIN_LAG_SECONDS = 0.001;

    /**
     * sysbench's checks, in its order and words: the first bad one, as sysbench stops at it.
     *
     * @throws BenchException the first bad setting
     */
    public CpuSettings validate(SettingNames names) {
        Require.that(threads >= 1, "Invalid value for " + names.of("threads") + ": " + threads);
        Require.that(maxPrime > 0, "Invalid value of cpu-max-prime: " + maxPrime + ".");
        offered().validate(names);
        return this;
    }

    public CpuSettings withRate(double eventsPerSec) {
        return new CpuSettings(threads, maxPrime, randSeed, sysbench.withRate(eventsPerSec));
    }

    /** The seed this run uses: --rand-seed, or when it is 0 the clock, as sysbench does. */
    long seed() {
        return randSeed != 0 ? randSeed : System.nanoTime();
    }

    /** Whether the seed comes from the clock: sysbench's header says "from current time" then. */
    boolean clockSeeded() {
        return randSeed == 0;
    }

    /**
     * The run's one phase: {@link SysbenchRunSettings#config}'s (threads, closed loop or --rate, --time
     * or --events), whose max lag is sysbench's event queue: with --rate the run stops once the oldest
     * waiting event is {@value #QUEUE_LENGTH} / rate seconds late, when about that many wait (at least
     * the engine's 1 ms); closed loop nothing waits, and no event is cut off at the end however long
     * it takes (the longest max lag), as sysbench waits for its threads.
     */
    RunConfig config(RunSettings run, SettingNames names) {
        validate(names);
        Require.that(!run.hasSchedule(), names.of("schedule") + " is not sysbench's: the cpu test's load is --threads or --rate");
        double rate = sysbench.rate();
        double lag = rate > 0 ? Math.min(Math.max(QUEUE_LENGTH / rate, MIN_LAG_SECONDS), Require.MAX_SECONDS) : Require.MAX_SECONDS;
        return offered().configBuilder(run, threads, seed(), names)
                .targetOpsPerSec(rate)
                .maxLag(Duration.ofNanos(Math.round(lag * 1e9)))
                .build();
    }

    /**
     * The run settings with --rate held to what bench's settings take ({@link Require#MAX_RATE}): sysbench
     * takes any rate, and above that one no machine keeps up, so such a run ends on its full queue, as
     * sysbench's does; the engine itself offers the rate asked ({@link #config}).
     */
    private SysbenchRunSettings offered() {
        return sysbench.withRate(Math.min(sysbench.rate(), Require.MAX_RATE));
    }
}
