package dev.bench.core.engine;

import dev.bench.core.OpKind;
import dev.bench.core.random.SplitMix64;

import java.util.List;

/**
 * Draws an op's kind from the kinds' weights with a generator seeded by the op's global index, so the
 * sequence of kinds is fixed by the seed whichever worker takes which op (closed loop, bursts).
 *
 * <p>Threading: immutable; any thread.
 */
final class KindChooser {

    /** Pseudo-kind seeding the choice, distinct from every real kind index. */
    private static final int KIND_CHOICE_STREAM = -2;

    private final double[] cumulativeWeight;
    private final long seed;

    KindChooser(List<OpKind> kinds, long seed) {
        double total = kinds.stream().mapToDouble(OpKind::weight).sum();
        this.cumulativeWeight = new double[kinds.size()];
        double sum = 0;
        for (int k = 0; k < kinds.size(); k++) {
            sum += kinds.get(k).weight() / total;
            cumulativeWeight[k] = sum;
        }
        this.seed = seed;
    }

    int kindOf(long index) {
        double u = (SplitMix64.mix(SplitMix64.seedFor(seed, KIND_CHOICE_STREAM, index)) >>> 11) * 0x1.0p-53;
        for (int k = 0; k < cumulativeWeight.length - 1; k++) {
            if (u < cumulativeWeight[k]) {
                return k;
            }
        }
        return cumulativeWeight.length - 1;
    }
}
