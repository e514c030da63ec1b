package dev.bench.workloads.oltp;

import dev.bench.core.InputErrors;
import dev.bench.core.settings.Require;
import dev.bench.core.settings.SettingNames;
import dev.bench.workloads.sysbench.SysbenchRunSettings;

/**
 * Everything {@code oltp-rw prepare|run|cleanup} takes beyond the target and the shared run settings:
 * the tables and the transaction's shape, the threads, the seed, and sysbench's run options.
 *
 * @param threads  workers; prepare loads this many tables at once
 * @param randSeed seed for data and transactions; 0 uses the run's seed (sysbench's 0 seeds from the clock)
 */
public record OltpRunSettings(OltpSettings oltp, int threads, long randSeed, SysbenchRunSettings sysbench) {

    public static final int THREADS = 1;
    public static final OltpRunSettings DEFAULTS = new OltpRunSettings(OltpSettings.DEFAULTS, THREADS, 0,
            SysbenchRunSettings.DEFAULTS);

    /** @throws dev.bench.core.BenchException naming the bad option or key, every bad one at once ({@link InputErrors}) */
    public OltpRunSettings validate(SettingNames names) {
        InputErrors.Collector errors = new InputErrors.Collector();
        errors.run(() -> oltp.validate(names));
        errors.run(() -> Require.atLeast(names.of("threads"), threads, 1));
        errors.run(() -> sysbench.validate(names));
        errors.throwIfAny();
        return this;
    }

    /** The seed this run uses: rand-seed, or {@code fallback} (the run's seed) when it is 0. */
    public long seed(long fallback) {
        return randSeed != 0 ? randSeed : fallback;
    }
}
