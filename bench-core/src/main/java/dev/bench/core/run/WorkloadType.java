package dev.bench.core.run;

import dev.bench.core.settings.SettingNames;

import java.util.function.Consumer;

/**
 * A workload as data: its name, its settings' type and defaults (its origin's), and the factory from
 * settings and target to its {@link Benchmark}. A command maps flags onto the settings and a scenario
 * file maps keys onto them; both then call {@link #plan}.
 *
 * @param <S> the workload's settings: an immutable value whose fields are named after its flags
 */
public interface WorkloadType<S> {

    /** The command's and the scenario file's name for it: {@code vote}, {@code oltp-rw}, ... */
    String name();

    Class<S> settingsType();

    /** The origin's defaults. */
    S defaults();

    /**
     * Checks the settings (and their combination with the target and the run settings) before anything
     * connects, and returns what opens the benchmark.
     *
     * @param names    how the settings' keys are spelled where they came from, for the error messages
     * @param warnings receives a line for each input that is taken but doubtful (an unknown name ignored)
     * @throws dev.bench.core.BenchException bad input, one line naming the flag or key
     */
    Opener plan(S settings, TargetSettings target, RunSettings run, SettingNames names, Consumer<String> warnings);

    /**
     * The names of the op kinds a run with these settings has, so a {@code --mix} is checked before
     * anything connects; empty when only the built workload knows them (then the run checks it before
     * its first phase writes anything).
     */
    default java.util.List<String> opKinds(S settings) {
        return java.util.List.of();
    }

    /**
     * The settings with the offered load changed to {@code opsPerSec}, for a sweep of rates.
     *
     * @throws dev.bench.core.BenchException the workload has no offered rate
     */
    default S withTargetRate(S settings, double opsPerSec) {
        throw new dev.bench.core.BenchException(name() + " has no offered rate to sweep");
    }

    /**
     * The after-run check once over several clients that wrote one database ({@code bench merge} with
     * the target options, voter's launcher): the database now against what all of them were told.
     *
     * @param told every client's {@code told} block of summary.json (one per client and phase), as
     *             {@link Benchmark#told} wrote it
     * @throws Exception when the database can't be read
     */
    default IntegrityCheck checkTogether(TargetSettings target, java.util.List<com.fasterxml.jackson.databind.JsonNode> told)
            throws Exception {
        return IntegrityCheck.notChecked(name() + " has no check over several clients");
    }

    /**
     * Whether it can send its read-only ops to replicas ({@link TargetSettings.ReadsTo#REPLICAS}); a
     * workload that can't refuses the setting rather than ignore it ({@code WorkloadRun.planned}).
     */
    default boolean readsToReplicas() {
        return false;
    }

    /** Opens a planned benchmark: connects, so it runs only after the inputs were checked. */
    @FunctionalInterface
    interface Opener {
        Benchmark open() throws Exception;

        /**
         * Opens it for a run whose stderr is {@code err} (the run context's, which masks passwords): a
         * workload that prints live lines of its own there (pgbench's -P, --verbose-errors) overrides this.
         */
        default Benchmark open(java.io.PrintWriter err) throws Exception {
            return open();
        }
    }
}
