package dev.bench.workloads.vote;

import dev.bench.core.InputErrors;
import dev.bench.core.settings.Require;
import dev.bench.core.settings.SettingNames;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Everything {@code vote} takes beyond the target and the shared run settings: Noria's flags and the
 * backend with its own.
 *
 * @param target    offered load in ops/s, open loop
 * @param threads   client workers, one connection each
 * @param histogram also write the HdrHistogram interval log here, or null
 */
public record VoteRunSettings(VoteSettings vote, double target, int threads, double runtimeSeconds, double warmupSeconds,
                              Path histogram, VoteBackendSettings backend) {

    /** Noria's defaults (noria-benchmarks vote). */
    public static final long TARGET = 1_000_000;
    public static final int THREADS = 4;
    public static final int RUNTIME_S = 30;
    public static final int WARMUP_S = 10;
    public static final VoteRunSettings DEFAULTS = new VoteRunSettings(VoteSettings.DEFAULTS, TARGET, THREADS, RUNTIME_S,
            WARMUP_S, null, VoteBackendSettings.DEFAULTS);

    /** @throws dev.bench.core.BenchException naming the bad option or key, every bad one at once ({@link InputErrors}) */
    public VoteRunSettings validate(SettingNames names) {
        InputErrors.Collector errors = new InputErrors.Collector();
        errors.run(() -> vote.validate(names));
        errors.run(() -> Require.POSITIVE_RATE.check(names.of("target"), target));
        errors.run(() -> Require.between(names.of("threads"), threads, 1, 10_000));
        errors.run(() -> Require.seconds(names.of("runtime"), runtimeSeconds, Require.POSITIVE_SECONDS));
        errors.run(() -> Require.seconds(names.of("warmup"), warmupSeconds));
        errors.run(() -> Require.that(histogram == null || !Files.exists(histogram),
                names.of("histogram") + " " + histogram + " exists; choose a new file (nothing of yours is overwritten)"));
        errors.throwIfAny();
        return this;
    }

    public VoteRunSettings withBackend(VoteBackendSettings b) {
        return new VoteRunSettings(vote, target, threads, runtimeSeconds, warmupSeconds, histogram, b);
    }
}
