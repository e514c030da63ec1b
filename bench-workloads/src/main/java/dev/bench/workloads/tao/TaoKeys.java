package dev.bench.workloads.tao;

/**
 * TAOBench's key layout: {@code (shard << 57) + ((seq & 0x1FFFF) << 40) + (low & 0xFFFFFFFFFF)}, where
 * TAOBench takes {@code low} from the clock in ns. The shard of a key is {@code id >> 57}.
 */
final class TaoKeys {

    static final int SHARD_SHIFT = 57;
    private static final long SEQ_MASK = 0x1FFFF;
    private static final long LOW_MASK = 0xFFFFFFFFFFL;

    private TaoKeys() {
    }

    static long key(int shard, long seq, long low) {
        return ((long) shard << SHARD_SHIFT) + ((seq & SEQ_MASK) << 40) + (low & LOW_MASK);
    }

    static int shardOf(long id) {
        return (int) (id >>> SHARD_SHIFT);
    }

    /** The smallest key of a shard; a shard's keys are [first(s), first(s + 1)). */
    static long first(int shard) {
        return (long) shard << SHARD_SHIFT;
    }

    /** Timestamps in µs since the epoch, as the guards compare them: later writes carry larger ones. */
    static long nowMicros() {
        return System.currentTimeMillis() * 1000 + (System.nanoTime() / 1000) % 1000;
    }
}
