package dev.bench.workloads.tao;

import dev.bench.core.random.SplitMix64;

import java.util.List;

/**
 * One config line as a distribution: values drawn with probability proportional to their weights.
 *
 * <p>Threading: immutable; safe from any thread. {@link #pick} allocates nothing.
 */
record Weighted<T>(List<T> values, WeightedChoice choice) {

    Weighted {
        values = List.copyOf(values);
        if (values.size() != choice.size()) {
            throw new IllegalArgumentException(values.size() + " values but " + choice.size() + " weights");
        }
    }

    static <T> Weighted<T> of(List<T> values, double[] weights) {
        return new Weighted<>(values, new WeightedChoice(weights));
    }

    T pick(SplitMix64 random) {
        return values.get(choice.pick(random));
    }

    double probability(int i) {
        return choice.probability(i);
    }

    /** Probability of a value, summed over every entry that holds it. */
    double probabilityOf(T value) {
        double p = 0;
        for (int i = 0; i < values.size(); i++) {
            if (values.get(i).equals(value)) {
                p += choice.probability(i);
            }
        }
        return p;
    }
}
