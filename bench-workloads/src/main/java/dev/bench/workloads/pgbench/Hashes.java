package dev.bench.workloads.pgbench;

/**
 * pgbench's {@code hash_fnv1a}, {@code hash_murmur2} and {@code permute}: pure functions of their
 * arguments, so they give pgbench's values for the same seeds (tested against pgbench 15's output).
 */
final class Hashes {

    private static final long FNV_OFFSET_BASIS = 0xcbf29ce484222325L;
    private static final long FNV_PRIME = 0x100000001b3L;
    private static final long MM2_MUL = 0xc6a4a7935bd1e995L;
    private static final long MM2_MUL_TIMES_8 = MM2_MUL * 8;
    private static final int MM2_ROT = 47;
    private static final int PERMUTE_ROUNDS = 6;

    private Hashes() {
    }

    /** FNV-1a over the value's 8 bytes, least significant first. */
    static long fnv1a(long value, long seed) {
        long result = FNV_OFFSET_BASIS ^ seed;
        long v = value;
        for (int i = 0; i < 8; i++) {
            result ^= v & 0xff;
            result *= FNV_PRIME;
            v >>= 8;
        }
        return result;
    }

    /** MurmurHash64A of one 8-byte block. */
    static long murmur2(long value, long seed) {
        long result = seed ^ MM2_MUL_TIMES_8;
        long k = value;
        k *= MM2_MUL;
        k ^= k >>> MM2_ROT;
        k *= MM2_MUL;
        result ^= k;
        result *= MM2_MUL;
        result ^= result >>> MM2_ROT;
        result *= MM2_MUL;
        result ^= result >>> MM2_ROT;
        return result;
    }

    /**
     * pgbench's pseudorandom permutation of [0, size): six rounds of an odd multiply, xor and rotate on
     * overlapping lower and upper power-of-two halves, then a random offset, all drawn from PostgreSQL's
     * generator seeded with {@code seed}. Arithmetic is unsigned, as in C.
     */
    static long permute(long value, long size, long seed) {
        if (size < 2) {
            return 0;
        }
        PgPrng prng = new PgPrng(seed);
        long v = Long.remainderUnsigned(value, size);
        int maskLen = 63 - Long.numberOfLeadingZeros(size);
        long mask = (1L << maskLen) - 1;
        for (int i = 0; i < PERMUTE_ROUNDS; i++) {
            long m = (prng.next() & mask) | 1;
            long r = prng.next() & mask;
            if (Long.compareUnsigned(v, mask) <= 0) {
                v = ((v * m) ^ r) & mask;
                v = ((v << 1) & mask) | (v >>> (maskLen - 1));
            }
            m = (prng.next() & mask) | 1;
            r = prng.next() & mask;
            long t = size - 1 - v;
            if (Long.compareUnsigned(t, mask) <= 0) {
                t = ((t * m) ^ r) & mask;
                t = ((t << 1) & mask) | (t >>> (maskLen - 1));
                v = size - 1 - t;
            }
            r = prng.range(0, size - 1);
            v = Long.remainderUnsigned(v + r, size);
        }
        return v;
    }
}
