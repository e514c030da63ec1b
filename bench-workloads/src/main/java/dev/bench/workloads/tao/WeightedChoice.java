package dev.bench.workloads.tao;

import dev.bench.core.random.SplitMix64;

/**
 * Picks an index with probability proportional to its weight (TAOBench's discrete distributions).
 *
 * <p>Threading: immutable; safe from any thread.
 */
final class WeightedChoice {

    private final double[] cumulative;

    /** @throws IllegalArgumentException unless weights are finite, >= 0 and not all 0 */
    WeightedChoice(double[] weights) {
        double total = 0;
        for (double w : weights) {
            if (!(w >= 0) || Double.isInfinite(w)) {
                throw new IllegalArgumentException("weights must be numbers >= 0, got " + w);
            }
            total += w;
        }
        if (weights.length == 0 || total <= 0) {
            throw new IllegalArgumentException("at least one weight must be > 0");
        }
        cumulative = new double[weights.length];
        double sum = 0;
        for (int i = 0; i < weights.length; i++) {
            sum += weights[i];
            cumulative[i] = sum / total;
        }
    }

    int size() {
        return cumulative.length;
    }

    /** Probability of index i. */
    double probability(int i) {
        return cumulative[i] - (i == 0 ? 0 : cumulative[i - 1]);
    }

    int pick(SplitMix64 random) {
        double u = random.nextDouble();
        int lo = 0;
        int hi = cumulative.length - 1;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (u < cumulative[mid]) {
                hi = mid;
            } else {
                lo = mid + 1;
            }
        }
        // skip zero-weight entries a rounding error might land on
        while (lo > 0 && probability(lo) == 0) {
            lo--;
        }
        return lo;
    }
}
