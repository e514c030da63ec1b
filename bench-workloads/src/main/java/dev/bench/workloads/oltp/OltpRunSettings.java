package dev.bench.workloads.oltp;

import dev.bench.core.InputErrors;
import dev.bench.core.settings.Require;
import dev.bench.core.settings.SettingNames;
import dev.bench.workloads.sysbench.SysbenchRunSettings;

/**
 * Everything {@code oltp-rw prepare|run|cleanup} (and {@code bench sysbench}) takes beyond the target and
 * the shared run settings: the tables and the transaction's shape, the threads, the seed, sysbench's run
 * options, the script.
 *
 * @param threads      workers; prepare loads this many tables at once
 * @param randSeed     seed for data and transactions; 0 uses the run's seed (sysbench's 0 seeds from the clock)
 * @param sysbenchForm printed as sysbench itself prints (bench sysbench): its banner, its rand-seed 0 (the
 *                     clock), only its own lines on stdout
 */
public record OltpRunSettings(OltpSettings oltp, int threads, long randSeed, SysbenchRunSettings sysbench,
                              ScriptSettings script, boolean sysbenchForm) {

    public static final int THREADS = 1;
    public static final OltpRunSettings DEFAULTS = new OltpRunSettings(OltpSettings.DEFAULTS, THREADS, 0,
            SysbenchRunSettings.DEFAULTS);

    /** oltp-rw's: oltp_read_write, printed as bench prints it. */
    public OltpRunSettings(OltpSettings oltp, int threads, long randSeed, SysbenchRunSettings sysbench) {
        this(oltp, threads, randSeed, sysbench, ScriptSettings.READ_WRITE, false);
    }

    /** @throws dev.bench.core.BenchException naming the bad option or key, every bad one at once ({@link InputErrors}) */
    public OltpRunSettings validate(SettingNames names) {
        InputErrors.Collector errors = new InputErrors.Collector();
        errors.run(() -> oltp.validate(names));
        errors.run(() -> Require.atLeast(names.of("threads"), threads, 1));
        errors.run(() -> sysbench.validate(names));
        errors.run(() -> script.validate(oltp, names));
        errors.throwIfAny();
        return this;
    }

    public OltpRunSettings withRate(double opsPerSec) {
        return new OltpRunSettings(oltp, threads, randSeed, sysbench.withRate(opsPerSec), script, sysbenchForm);
    }

    /**
     * The seed this run uses: rand-seed, or when it is 0 {@code fallback} (the run's seed), or under
     * {@link #sysbenchForm} the clock, as sysbench does.
     */
    public long seed(long fallback) {
        if (randSeed != 0) {
            return randSeed;
        }
        return clockSeeded() ? System.nanoTime() : fallback;
    }

    /** Whether the seed comes from the clock: sysbench prints "from current time" then. */
    public boolean clockSeeded() {
        return sysbenchForm && randSeed == 0;
    }
}
