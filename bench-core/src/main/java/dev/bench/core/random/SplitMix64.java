package dev.bench.core.random;

/**
 * A tiny, reseedable pseudo-random generator (Steele, Lea and Flood's SplitMix64).
 *
 * <p>The engine reseeds one instance per op from {@code (seed, kind, op index)}, so an op's keys do
 * not depend on which worker served it: the same seed yields the same ops and keys. Reseeding is a
 * field write, so the hot path allocates nothing. Not thread-safe: one instance per thread.
 */
public final class SplitMix64 {

    private static final long GOLDEN_GAMMA = 0x9e3779b97f4a7c15L;

    private long state;

    public SplitMix64(long seed) {
        this.state = seed;
    }

    public void reseed(long seed) {
        this.state = seed;
    }

    /** A generator in the same state: it yields what this one will yield next. */
    public SplitMix64 copy() {
        return new SplitMix64(state);
    }

    public long nextLong() {
        return mix(state += GOLDEN_GAMMA);
    }

    /** Uniform in [0, 1). */
    public double nextDouble() {
        return (nextLong() >>> 11) * 0x1.0p-53;
    }

    /** Uniform in [0, bound), without modulo bias. */
    public long nextLong(long bound) {
        if (bound <= 0) {
            throw new IllegalArgumentException("bound must be positive: " + bound);
        }
        long m = bound - 1;
        long r = nextLong() >>> 1;
        if ((bound & m) == 0) {
            return r & m;
        }
        for (long u = r; u - (r = u % bound) + m < 0; u = nextLong() >>> 1) {
            // rejected a value from the short last stretch; draw again
        }
        return r;
    }

    /** Uniform in [origin, bound). */
    public long nextLong(long origin, long bound) {
        return origin + nextLong(bound - origin);
    }

    public int nextInt(int bound) {
        return (int) nextLong(bound);
    }

    /** The SplitMix64 finalizer: a bijective 64-bit mix with good avalanche. */
    public static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xbf58476d1ce4e5b9L;
        z = (z ^ (z >>> 27)) * 0x94d049bb133111ebL;
        return z ^ (z >>> 31);
    }

    /** A seed for one op of one kind: independent of thread, order and timing. */
    public static long seedFor(long runSeed, int kind, long opIndex) {
        return mix(mix(runSeed ^ (kind + 1) * GOLDEN_GAMMA) + opIndex * GOLDEN_GAMMA);
    }
}
