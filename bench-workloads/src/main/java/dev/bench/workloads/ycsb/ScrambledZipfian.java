package dev.bench.workloads.ycsb;

import dev.bench.core.random.SplitMix64;

/**
 * YCSB's scrambled zipfian over [min, max]: a zipfian rank over 10^10 items (theta 0.99, its zeta
 * precomputed as YCSB ships it), hashed with {@link Fnv#hash64} and reduced modulo the item count, so the
 * popular keys are scattered over the key space rather than clustered at its start.
 */
public final class ScrambledZipfian implements LongGenerator {

    /** zeta(10^10 + 1, 0.99), as YCSB precomputes it. */
    public static final double ZETAN = 26.46902820178302;
    public static final long ITEM_COUNT = 10_000_000_000L;

    private final Zipfian ranks = new Zipfian(0, ITEM_COUNT, Zipfian.THETA, ZETAN);
    private final long min;
    private final long itemCount;

    public ScrambledZipfian(long min, long max) {
        this.min = min;
        this.itemCount = max - min + 1;
    }

    @Override
    public long next(SplitMix64 random) {
        return min + Fnv.hash64(ranks.next(random)) % itemCount;
    }
}
