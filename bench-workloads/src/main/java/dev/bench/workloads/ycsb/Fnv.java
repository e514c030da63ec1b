package dev.bench.workloads.ycsb;

/**
 * YCSB's hash of a record number: 64-bit FNV-1a over the long's eight bytes, lowest first, made
 * non-negative with {@link Math#abs} (so, as in YCSB, {@code Long.MIN_VALUE} stays negative). It turns
 * record numbers into key names ({@code insertorder=hashed}) and scatters zipfian ranks over the keys.
 */
public final class Fnv {

    static final long OFFSET_BASIS_64 = 0xCBF29CE484222325L;
    static final long PRIME_64 = 1099511628211L;

    private Fnv() {
    }

    public static long hash64(long value) {
        long hash = OFFSET_BASIS_64;
        long rest = value;
        for (int i = 0; i < 8; i++) {
            hash ^= rest & 0xff;
            hash *= PRIME_64;
            rest >>= 8;
        }
        return Math.abs(hash);
    }
}
