package dev.bench.core.engine;

import dev.bench.core.OpKind;
import dev.bench.core.random.SplitMix64;

import java.util.List;

/**
 * Draws an op's kind from the kinds' weights with a generator seeded by the op's global index, so the
 * sequence of kinds is fixed by the seed whichever worker takes which op (closed loop, bursts). With a
 * mix per schedule segment, the weights are those of the segment the op starts in (the warmup runs the
 * first segment's), so the kind of op i then depends on when it starts too.
 *
 * <p>Threading: immutable; any thread.
 */
final class KindChooser {

    /** Pseudo-kind seeding the choice, distinct from every real kind index. */
    private static final int KIND_CHOICE_STREAM = -2;

    /** Per segment (one row without a mix), the kinds' cumulative shares. */
    private final double[][] cumulativeWeight;
    /** Nanos from the window's start at which each segment ends (empty without a mix). */
    private final long[] segmentEndNanos;
    private final long windowStartNanos;
    private final long seed;

    KindChooser(List<OpKind> kinds, long seed) {
        double total = kinds.stream().mapToDouble(OpKind::weight).sum();
        double[] shares = kinds.stream().mapToDouble(k -> k.weight() / total).toArray();
        this.cumulativeWeight = new double[][] {cumulative(shares)};
        this.segmentEndNanos = new long[0];
        this.windowStartNanos = 0;
        this.seed = seed;
    }

    /**
     * @param shares         per segment, each kind's share (rows sum to 1)
     * @param segmentEndSeconds seconds from the window's start at which each segment ends
     */
    KindChooser(double[][] shares, double[] segmentEndSeconds, long windowStartNanos, long seed) {
        this.cumulativeWeight = new double[shares.length][];
        for (int i = 0; i < shares.length; i++) {
            cumulativeWeight[i] = cumulative(shares[i]);
        }
        this.segmentEndNanos = new long[segmentEndSeconds.length];
        for (int i = 0; i < segmentEndSeconds.length; i++) {
            segmentEndNanos[i] = Math.round(segmentEndSeconds[i] * 1e9);
        }
        this.windowStartNanos = windowStartNanos;
        this.seed = seed;
    }

    private static double[] cumulative(double[] shares) {
        double[] c = new double[shares.length];
        double sum = 0;
        for (int k = 0; k < shares.length; k++) {
            sum += shares[k];
            c[k] = sum;
        }
        return c;
    }

    int kindOf(long index) {
        return draw(cumulativeWeight[0], index);
    }

    /** The kind of op {@code index}, starting at {@code nowNanos}. */
    int kindOf(long index, long nowNanos) {
        if (cumulativeWeight.length == 1) {
            return draw(cumulativeWeight[0], index);
        }
        long t = nowNanos - windowStartNanos;
        int segment = 0;
        while (segment < segmentEndNanos.length - 1 && t >= segmentEndNanos[segment]) {
            segment++;
        }
        return draw(cumulativeWeight[segment], index);
    }

    private int draw(double[] cumulative, long index) {
        double u = (SplitMix64.mix(SplitMix64.seedFor(seed, KIND_CHOICE_STREAM, index)) >>> 11) * 0x1.0p-53;
        for (int k = 0; k < cumulative.length - 1; k++) {
            if (u < cumulative[k]) {
                return k;
            }
        }
        return cumulative.length - 1;
    }
}
