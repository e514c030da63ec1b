package dev.bench.core.random;

import java.util.Arrays;

/**
 * Zipf over keys 1..n: P(k) proportional to 1/k^s, key 1 hottest, not shuffled (as Noria's vote does).
 *
 * <p>Exact: draws by binary search in a precomputed cumulative table (8 bytes per key, built once),
 * so sampling costs O(log n) and no approximation error. Immutable and thread-safe.
 */
public final class ZipfDistribution implements KeyDistribution {

    /** Eight bytes a key: 100 M keys would be 800 MB, past what a benchmark client should hold. */
    static final long MAX_KEYS = 50_000_000L;

    private final double[] cumulative;
    private final double exponent;

    public ZipfDistribution(long n, double exponent) {
        if (n < 1 || n > MAX_KEYS) {
            throw new IllegalArgumentException("zipf key count must be in 1.." + MAX_KEYS + ", got " + n);
        }
        if (!(exponent > 0) || Double.isInfinite(exponent)) {
            throw new IllegalArgumentException("zipf exponent must be > 0, got " + exponent);
        }
        this.exponent = exponent;
        this.cumulative = new double[(int) n];
        double sum = 0;
        for (int k = 1; k <= n; k++) {
            sum += Math.pow(k, -exponent);
            cumulative[k - 1] = sum;
        }
        for (int i = 0; i < n; i++) {
            cumulative[i] /= sum;
        }
        cumulative[(int) n - 1] = 1.0;
    }

    @Override
    public long next(SplitMix64 random) {
        double u = random.nextDouble();
        int i = Arrays.binarySearch(cumulative, u);
        // binarySearch gives -(insertion point) - 1 when u falls between entries: the first entry > u
        return (i >= 0 ? i + 1 : -i - 1) + 1L;
    }

    @Override
    public long size() {
        return cumulative.length;
    }

    public double exponent() {
        return exponent;
    }

    /** The exact probability of key k, for tests and docs. */
    public double probability(long k) {
        int i = (int) k - 1;
        return i == 0 ? cumulative[0] : cumulative[i] - cumulative[i - 1];
    }
}
