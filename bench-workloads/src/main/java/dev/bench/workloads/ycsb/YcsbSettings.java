package dev.bench.workloads.ycsb;

import dev.bench.core.settings.Require;
import dev.bench.core.settings.SettingNames;

import java.util.List;
import java.util.Map;

/**
 * {@code bench ycsb load|run BINDING -P FILE -p key=value -threads N -target N -s}: YCSB's command
 * line as a value. The properties themselves are read and checked when the run is planned
 * ({@link CoreConfig}), since files are named here, not their contents.
 *
 * @param phase      {@code load} or {@code run}
 * @param binding    {@code jdbc} or {@code memcached}
 * @param files      the {@code -P} property files, read in order
 * @param properties the {@code -p} values, over the files'
 * @param threads    {@code -threads}; null: the {@code threadcount} property (default 1)
 * @param target     {@code -target} ops/s; 0: the {@code target} property (default 0: closed loop)
 * @param status     {@code -s}: status lines on stderr
 */
public record YcsbSettings(String phase, String binding, List<String> files, Map<String, String> properties,
                           Integer threads, double target, boolean status) {

    public static final String LOAD = "load";
    public static final String RUN = "run";
    public static final List<String> BINDINGS = List.of("jdbc", "memcached");
    /** As the engine's other workloads allow. */
    static final int MAX_THREADS = 10_000;
    public static final YcsbSettings DEFAULTS = new YcsbSettings(RUN, "jdbc", List.of(), Map.of(), null, 0, false);

    public YcsbSettings {
        files = List.copyOf(files);
        properties = Map.copyOf(properties);
    }

    /** @throws dev.bench.core.BenchException naming the bad flag or key */
    public YcsbSettings validate(SettingNames names) {
        Require.that(LOAD.equals(phase) || RUN.equals(phase), "name a phase: load or run, got '" + phase + "'");
        Require.that(BINDINGS.contains(binding), "binding must be one of " + String.join(", ", BINDINGS) + ", got '"
                + binding + "'");
        if (threads != null) {
            Require.between(names.of("threads"), threads, 1, MAX_THREADS);
        }
        Require.notNegative(names.of("target"), target);
        return this;
    }

    public boolean isLoad() {
        return LOAD.equals(phase);
    }

    public YcsbSettings withTarget(double opsPerSec) {
        return new YcsbSettings(phase, binding, files, properties, threads, opsPerSec, status);
    }
}
