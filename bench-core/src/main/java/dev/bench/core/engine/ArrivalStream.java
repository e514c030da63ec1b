package dev.bench.core.engine;

import dev.bench.core.Arrivals;
import dev.bench.core.random.SplitMix64;

/**
 * The arrival times of one op kind: a seeded sequence with a given mean rate.
 *
 * <p>Each kind gets its own stream. Splitting a Poisson process of rate R by independent coin flips of
 * probability w yields independent Poisson processes of rate w·R, so per-kind streams are the same
 * load as one mixed stream, while letting a worker take all due ops of one kind as a batch.
 *
 * <p>Not thread-safe: guarded by the dispatcher's lock.
 */
final class ArrivalStream {

    final int kind;
    private final double meanGapNanos;
    private final Arrivals arrivals;
    private final SplitMix64 random;
    private final long startNanos;
    /** Offset of the next arrival from start, kept in double so rounding never accumulates. */
    private double offsetNanos;
    /** Index of the next arrival: 0, 1, 2, ... */
    long index;
    /** Intended start of the next arrival. */
    long nextNanos;

    ArrivalStream(int kind, double opsPerSec, Arrivals arrivals, long seed, long startNanos) {
        this.kind = kind;
        this.meanGapNanos = 1e9 / opsPerSec;
        this.arrivals = arrivals;
        this.random = new SplitMix64(SplitMix64.seedFor(seed, kind, -1));
        this.startNanos = startNanos;
        this.offsetNanos = arrivals == Arrivals.POISSON ? gap() : 0;
        this.nextNanos = startNanos + (long) offsetNanos;
    }

    /** A copy in the same state, to look ahead in the schedule without moving this stream. */
    ArrivalStream(ArrivalStream other) {
        this.kind = other.kind;
        this.meanGapNanos = other.meanGapNanos;
        this.arrivals = other.arrivals;
        this.random = other.random.copy();
        this.startNanos = other.startNanos;
        this.offsetNanos = other.offsetNanos;
        this.index = other.index;
        this.nextNanos = other.nextNanos;
    }

    void advance() {
        index++;
        offsetNanos += gap();
        nextNanos = startNanos + (long) offsetNanos;
    }

    private double gap() {
        if (arrivals == Arrivals.UNIFORM) {
            return meanGapNanos;
        }
        // 1 - u is in (0, 1]: log never sees 0
        return -Math.log(1.0 - random.nextDouble()) * meanGapNanos;
    }
}
