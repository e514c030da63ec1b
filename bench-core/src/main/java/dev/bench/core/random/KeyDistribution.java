package dev.bench.core.random;

/** Draws keys in [1, n] from a caller-supplied generator. Implementations are immutable and thread-safe. */
public interface KeyDistribution {

    long next(SplitMix64 random);

    /** Number of distinct keys: keys are 1..size(). */
    long size();

    static KeyDistribution uniform(long n) {
        if (n < 1) {
            throw new IllegalArgumentException("key count must be >= 1, got " + n);
        }
        return new KeyDistribution() {
            @Override
            public long next(SplitMix64 random) {
                return 1 + random.nextLong(n);
            }

            @Override
            public long size() {
                return n;
            }
        };
    }
}
