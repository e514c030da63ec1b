package dev.bench.workloads.pgbench;

/**
 * PostgreSQL 15's pseudo-random generator ({@code src/common/pg_prng.c}): xoroshiro128** with its
 * 128-bit state seeded from a 64-bit seed through two SplitMix64 steps. pgbench draws every random
 * value from one of these, so the same arithmetic here gives pgbench's values for a given seed.
 *
 * <p>Not thread-safe: one instance per client (or per use, as {@code permute} makes its own).
 */
final class PgPrng {

    private long s0;
    private long s1;

    /** {@code pg_prng_seed}. */
    PgPrng(long seed) {
        long state = seed + 0x9E3779B97F4A7C15L;
        s0 = splitmix(state);
        s1 = splitmix(state + 0x9E3779B97F4A7C15L);
        if (s0 == 0 && s1 == 0) {
            // pg_prng_seed_check's replacement for the one state xoroshiro cannot leave
            s0 = 0x5851F42D4C957F2DL;
            s1 = 0x14057B7EF767814FL;
        }
    }

    private PgPrng(long s0, long s1) {
        this.s0 = s0;
        this.s1 = s1;
    }

    /**
     * The generators pgbench 15 derives from its seed ({@code --random-seed}): each client's, in client
     * order, then the hash functions' {@code :default_seed}, each the next draw of a generator seeded
     * with {@code seed} (then the threads' own, which bench does not use: the engine picks scripts).
     */
    static Seeds derive(long seed, int clients) {
        PgPrng base = new PgPrng(seed);
        PgPrng[] forClients = new PgPrng[clients];
        for (int i = 0; i < clients; i++) {
            forClients[i] = new PgPrng(base.next());
        }
        return new Seeds(forClients, base.next());
    }

    /** @param clients each client's generator; @param defaultSeed {@code :default_seed} */
    record Seeds(PgPrng[] clients, long defaultSeed) {
    }

    /** SplitMix64's output for an already advanced state. */
    private static long splitmix(long val) {
        val = (val ^ (val >>> 30)) * 0xBF58476D1CE4E5B9L;
        val = (val ^ (val >>> 27)) * 0x94D049BB133111EBL;
        return val ^ (val >>> 31);
    }

    /** A generator in this one's state: it yields what this one will yield next. */
    PgPrng copy() {
        return new PgPrng(s0, s1);
    }

    /** Puts this generator back into {@code other}'s state (pgbench's retry replays the same draws). */
    void restore(PgPrng other) {
        s0 = other.s0;
        s1 = other.s1;
    }

    /** {@code pg_prng_uint64}: the next 64 bits. */
    long next() {
        long a = s0;
        long sx = s1 ^ a;
        long val = Long.rotateLeft(a * 5, 7) * 9;
        s0 = Long.rotateLeft(a, 24) ^ sx ^ (sx << 16);
        s1 = Long.rotateLeft(sx, 37);
        return val;
    }

    /** {@code pg_prng_uint64_range}: uniform in [min, max], unsigned, by masking and rejection; min when max <= min. */
    long range(long min, long max) {
        if (Long.compareUnsigned(max, min) <= 0) {
            return min;
        }
        long range = max - min;
        int shift = Long.numberOfLeadingZeros(range);
        long val;
        do {
            val = next() >>> shift;
        } while (Long.compareUnsigned(val, range) > 0);
        return min + val;
    }

    /** {@code pg_prng_double}: uniform in [0, 1) with 52 random bits. */
    double nextDouble() {
        return (next() >>> 12) * 0x1.0p-52;
    }
}
