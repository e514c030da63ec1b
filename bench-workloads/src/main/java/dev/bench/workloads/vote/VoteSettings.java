package dev.bench.workloads.vote;

import dev.bench.core.BenchException;
import dev.bench.core.InputErrors;
import dev.bench.core.settings.Require;
import dev.bench.core.settings.SettingNames;
import dev.bench.core.random.KeyDistribution;
import dev.bench.core.random.ZipfDistribution;

/**
 * The vote workload's own settings (the engine's are in {@link dev.bench.core.RunConfig}).
 *
 * @param articles     articles 1..n (Noria: 100,000)
 * @param writeEvery   one op in this many is a write (Noria: 19; 20 gives a 95/5 mix)
 * @param skewed       Zipf keys (id 1 hottest) instead of uniform
 * @param zipfExponent Noria osdi18: 1.08
 * @param maxBatch     most ops of one kind sent as one backend call
 * @param prime        create and fill the tables first (Noria's default; --no-prime turns it off)
 */
public record VoteSettings(long articles, int writeEvery, boolean skewed, double zipfExponent, int maxBatch,
                           boolean prime) {

    /** Noria's defaults (noria-benchmarks vote). */
    public static final long ARTICLES = 100_000;
    public static final int WRITE_EVERY = 19;
    public static final double ZIPF = 1.08;
    static final double MAX_ZIPF = 10;
    public static final int MAX_BATCH = 128;
    public static final VoteSettings DEFAULTS = new VoteSettings(ARTICLES, WRITE_EVERY, false, ZIPF, MAX_BATCH, true);

    /** @throws BenchException naming the bad option or key, every bad one at once ({@link InputErrors}) */
    public VoteSettings validate(SettingNames names) {
        InputErrors.Collector errors = new InputErrors.Collector();
        errors.run(() -> Require.atLeast(names.of("articles"), articles, 1));
        errors.run(() -> Require.that(writeEvery >= 1, names.of("write-every") + " must be >= 1 (1 = only writes, 20 = 95/5 reads/writes), got "
                + writeEvery));
        // beyond 10 all but key 1 draw with probability < 1e-3 and the sums lose meaning; 1e308 was taken as it came
        errors.run(() -> Require.that(zipfExponent > 0 && zipfExponent <= MAX_ZIPF,
                names.of("zipf") + " must be > 0 and at most " + MAX_ZIPF + ", got " + zipfExponent));
        errors.run(() -> Require.between(names.of("max-batch"), maxBatch, 1, 10_000));
        errors.throwIfAny();
        return this;
    }

    KeyDistribution keys() {
        return skewed ? new ZipfDistribution(articles, zipfExponent) : KeyDistribution.uniform(articles);
    }
}
