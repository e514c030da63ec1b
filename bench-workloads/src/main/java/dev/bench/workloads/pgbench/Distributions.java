package dev.bench.workloads.pgbench;

import dev.bench.core.random.SplitMix64;

/**
 * pgbench's random functions, by the formulas of its {@code getrand}, {@code getExponentialRand},
 * {@code getGaussianRand} and {@code getZipfianRand} (PostgreSQL 15), drawing from the op's generator
 * so that the same seed gives the same transaction whichever worker runs it. The draws differ from
 * pgbench's (another generator); the distributions are the same.
 */
final class Distributions {

    static final double MIN_GAUSSIAN_PARAM = 2.0;
    static final double MIN_ZIPFIAN_PARAM = 1.001;
    static final double MAX_ZIPFIAN_PARAM = 1000.0;

    private Distributions() {
    }

    /** Uniform in [min, max]; the caller checked max - min + 1 fits. */
    static long uniform(SplitMix64 r, long min, long max) {
        return min + r.nextLong(max - min + 1);
    }

    /** Truncated exponential: the first {@code 1/parameter} of the range holds 63 % of the draws. */
    static long exponential(SplitMix64 r, long min, long max, double parameter) {
        double cut = Math.exp(-parameter);
        double uniform = 1.0 - r.nextDouble(); // (0, 1]: log(0) can't happen
        double rand = -Math.log(cut + (1.0 - cut) * uniform) / parameter; // [0, 1)
        return min + (long) ((max - min + 1) * rand);
    }

    /** Box-Muller normal, redrawn outside [-parameter, parameter), mapped onto the range. */
    static long gaussian(SplitMix64 r, long min, long max, double parameter) {
        double stdev;
        do {
            double rand1 = 1.0 - r.nextDouble(); // (0, 1]
            double rand2 = r.nextDouble();
            stdev = Math.sqrt(-2.0 * Math.log(rand1)) * Math.sin(2.0 * Math.PI * rand2);
        } while (stdev < -parameter || stdev >= parameter);
        double rand = (stdev + parameter) / (parameter * 2.0);
        return min + (long) ((max - min + 1) * rand);
    }

    /** Zipfian over [min, max] with exponent s, by rejection (Devroye's algorithm, as pgbench 13+). */
    static long zipfian(SplitMix64 r, long min, long max, double s) {
        long n = max - min + 1;
        double b = Math.pow(2.0, s - 1.0);
        double x;
        while (true) {
            double u = 1.0 - r.nextDouble(); // (0, 1]: pow(0, negative) would be infinite
            double v = r.nextDouble();
            x = Math.floor(Math.pow(u, -1.0 / (s - 1.0)));
            double t = Math.pow(1.0 + 1.0 / x, s - 1.0);
            if (v * x * (t - 1.0) / (b - 1.0) <= t / b && x <= n) {
                break;
            }
        }
        return min + (long) x - 1;
    }
}
