package dev.bench.workloads.sysbench.cpu;

import dev.bench.core.RunConfig;
import dev.bench.core.run.RunSettings;
import dev.bench.core.run.TargetSettings;
import dev.bench.core.run.WorkloadType;
import dev.bench.core.settings.Require;
import dev.bench.core.settings.SettingNames;

import java.util.List;
import java.util.function.Consumer;

/**
 * sysbench 1.0.20's built-in cpu test as data: its settings and the factory of its {@code run}, which
 * touches no server. {@code bench sysbench cpu run} plans it; it is no command of its own, so not in
 * {@code Workloads}' registry.
 */
public final class CpuWorkloadType implements WorkloadType<CpuSettings> {

    public static final String NAME = "sysbench-cpu";
    public static final CpuWorkloadType TYPE = new CpuWorkloadType();

    private CpuWorkloadType() {
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public Class<CpuSettings> settingsType() {
        return CpuSettings.class;
    }

    @Override
    public CpuSettings defaults() {
        return CpuSettings.DEFAULTS;
    }

    @Override
    public List<String> opKinds(CpuSettings settings) {
        return List.of(CpuWorkload.KIND);
    }

    @Override
    public CpuSettings withTargetRate(CpuSettings settings, double eventsPerSec) {
        return settings.withRate(eventsPerSec);
    }

    /** @throws dev.bench.core.BenchException bad settings, or a server named: the cpu test has none */
    @Override
    public Opener plan(CpuSettings settings, TargetSettings target, RunSettings run, SettingNames names,
                       Consumer<String> warnings) {
        Require.that(target.url() == null && target.address() == null,
                "the cpu test touches no server: it takes no " + names.of("url") + " or " + names.of("address"));
        RunConfig config = settings.config(run, names);
        return () -> new CpuBenchmark(settings, config, run.reportIntervalSeconds());
    }
}
