package dev.bench.workloads.tpcc;

import dev.bench.core.InputErrors;
import dev.bench.core.settings.Require;
import dev.bench.core.settings.SettingNames;
import dev.bench.workloads.sysbench.SysbenchRunSettings;

/**
 * Everything {@code tpcc prepare|run|check|cleanup} takes beyond the target and the shared run settings.
 *
 * @param threads     run: workers, one connection each; check: queries side by side
 * @param loadThreads prepare: loader threads and connections
 * @param check       run: check the consistency conditions afterwards
 */
public record TpccRunSettings(TpccSettings tpcc, int threads, int loadThreads, boolean check,
                             SysbenchRunSettings sysbench) {

    public static final int THREADS = 1;
    /** Loaders: 2 per CPU, at least 4 (the load waits on the server as much as on the client). */
    public static final int LOAD_THREADS = Math.max(4, 2 * Runtime.getRuntime().availableProcessors());
    /** The check's queries side by side: CPUs, 2 to 4. */
    public static final int CHECK_THREADS = Math.max(2, Math.min(4, Runtime.getRuntime().availableProcessors()));
    public static final TpccRunSettings DEFAULTS = new TpccRunSettings(TpccSettings.DEFAULTS, THREADS, LOAD_THREADS, true,
            SysbenchRunSettings.DEFAULTS);

    /** @throws dev.bench.core.BenchException naming the bad option or key, every bad one at once ({@link InputErrors}) */
    public TpccRunSettings validate(SettingNames names) {
        InputErrors.Collector errors = new InputErrors.Collector();
        errors.run(() -> tpcc.validate(names));
        errors.run(() -> Require.atLeast(names.of("threads"), threads, 1));
        errors.run(() -> Require.atLeast(names.of("load-threads"), loadThreads, 1));
        errors.run(() -> sysbench.validate(names));
        errors.throwIfAny();
        return this;
    }
}
