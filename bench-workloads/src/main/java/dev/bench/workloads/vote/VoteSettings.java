package dev.bench.workloads.vote;

import dev.bench.core.BenchException;
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

    public VoteSettings {
        if (articles < 1) {
            throw new BenchException("--articles must be >= 1, got " + articles);
        }
        if (writeEvery < 1) {
            throw new BenchException("--write-every must be >= 1 (1 = only writes, 20 = 95/5 reads/writes), got " + writeEvery);
        }
        if (!(zipfExponent > 0)) {
            throw new BenchException("--zipf must be > 0, got " + zipfExponent);
        }
        if (maxBatch < 1 || maxBatch > 10_000) {
            throw new BenchException("--max-batch must be 1..10000, got " + maxBatch);
        }
    }

    KeyDistribution keys() {
        return skewed ? new ZipfDistribution(articles, zipfExponent) : KeyDistribution.uniform(articles);
    }
}
