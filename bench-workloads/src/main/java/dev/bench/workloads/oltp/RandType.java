package dev.bench.workloads.oltp;

import dev.bench.core.BenchException;
import dev.bench.core.random.KeyDistribution;
import dev.bench.core.random.SplitMix64;
import dev.bench.core.random.ZipfDistribution;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * sysbench 1.0.20's {@code --rand-type} distributions over ids 1..n, with its default parameters
 * (rand-spec-iter 12, rand-spec-pct 1, rand-spec-res 75, rand-pareto-h 0.2, rand-zipfian-exp 0.8).
 * {@code special} is 1.0.20's default: three draws in four land in the middle 1 % of the range.
 */
public enum RandType {
    UNIFORM, GAUSSIAN, SPECIAL, PARETO, ZIPFIAN;

    static final int ITERATIONS = 12;
    static final double SPECIAL_PCT = 1;
    static final double SPECIAL_RES = 75;
    static final double PARETO_H = 0.2;
    static final double ZIPFIAN_EXP = 0.8;

    /** @throws BenchException naming the option and the allowed values */
    public static RandType parse(String option, String name) {
        try {
            return valueOf(name.toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException | NullPointerException e) {
            throw new BenchException(option + " must be one of " + names() + ", got '" + name + "'");
        }
    }

    static String names() {
        return Arrays.stream(values()).map(t -> t.name().toLowerCase(Locale.ROOT)).collect(Collectors.joining(", "));
    }

    /** Ids 1..n drawn this way (immutable, thread-safe). */
    public KeyDistribution over(long n) {
        if (n < 1) {
            throw new IllegalArgumentException("need at least one id, got " + n);
        }
        if (this == ZIPFIAN) {
            return new ZipfDistribution(n, ZIPFIAN_EXP);
        }
        return new KeyDistribution() {
            @Override
            public long next(SplitMix64 random) {
                return draw(RandType.this, random, 1, n);
            }

            @Override
            public long size() {
                return n;
            }
        };
    }

    /** One value in [a, b], as sysbench's sb_rand_* functions compute it. */
    static long draw(RandType type, SplitMix64 random, long a, long b) {
        long t = b - a;
        long v = switch (type) {
            case UNIFORM -> a + (long) (random.nextDouble() * (t + 1));
            case GAUSSIAN -> a + (long) (sumOfUniforms(random) * t / ITERATIONS);
            case PARETO -> a + (long) ((t + 1) * Math.pow(random.nextDouble(), Math.log(PARETO_H) / Math.log(1 - PARETO_H)));
            case SPECIAL -> special(random, a, t);
            case ZIPFIAN -> throw new IllegalStateException("zipfian draws through ZipfDistribution");
        };
        return Math.max(a, Math.min(b, v));
    }

    private static long special(SplitMix64 random, long a, long t) {
        if (random.nextDouble() * 100 >= SPECIAL_RES) {
            return a + (long) (sumOfUniforms(random) * t / ITERATIONS);
        }
        double band = t * SPECIAL_PCT / 100;
        return a + (long) (random.nextDouble() * (band + 1) + t / 2.0 - band / 2);
    }

    private static double sumOfUniforms(SplitMix64 random) {
        double sum = 0;
        for (int i = 0; i < ITERATIONS; i++) {
            sum += random.nextDouble();
        }
        return sum;
    }
}
