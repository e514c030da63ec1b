package dev.bench.workloads.ycsb;

import dev.bench.core.random.SplitMix64;

/**
 * One of YCSB's number generators, drawing from the op's own random source (so the same seed gives
 * the same keys whichever worker serves the op). Implementations are safe for concurrent use.
 */
@FunctionalInterface
public interface LongGenerator {

    long next(SplitMix64 random);

    static LongGenerator constant(long value) {
        return random -> value;
    }

    /** Uniform over [min, max], both included. */
    static LongGenerator uniform(long min, long max) {
        long span = max - min + 1;
        return random -> min + random.nextLong(span);
    }
}
