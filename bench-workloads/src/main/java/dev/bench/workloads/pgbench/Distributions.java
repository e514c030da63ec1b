package dev.bench.workloads.pgbench;

/**
 * pgbench's random functions, by the arithmetic of PostgreSQL 15's {@code getrand},
 * {@code getExponentialRand}, {@code getGaussianRand} and {@code getZipfianRand}, drawing from the
 * client's {@link PgPrng}: for the same client seed, the same values as pgbench.
 */
final class Distributions {

    static final double MIN_GAUSSIAN_PARAM = 2.0;
    static final double MIN_ZIPFIAN_PARAM = 1.001;
    static final double MAX_ZIPFIAN_PARAM = 1000.0;

    private Distributions() {
    }

    /** Uniform in [min, max]; the caller checked max - min + 1 fits. */
    static long uniform(PgPrng r, long min, long max) {
        return min + r.range(0, max - min);
    }

    /** Truncated exponential: the first {@code 1/parameter} of the range holds 63 % of the draws. */
    static long exponential(PgPrng r, long min, long max, double parameter) {
        double cut = Math.exp(-parameter);
        double uniform = 1.0 - r.nextDouble(); // (0, 1]: log(0) can't happen
        double rand = -Math.log(cut + (1.0 - cut) * uniform) / parameter; // [0, 1)
        return min + (long) ((max - min + 1) * rand);
    }

    /** Box-Muller normal, redrawn outside [-parameter, parameter), mapped onto the range. */
    static long gaussian(PgPrng r, long min, long max, double parameter) {
        double stdev;
        do {
            double rand1 = 1.0 - r.nextDouble(); // (0, 1]
            double rand2 = 1.0 - r.nextDouble();
            stdev = Math.sqrt(-2.0 * Math.log(rand1)) * Math.sin(2.0 * Math.PI * rand2);
        } while (stdev < -parameter || stdev >= parameter);
        double rand = (stdev + parameter) / (parameter * 2.0);
        return min + (long) ((max - min + 1) * rand);
    }

    /** Zipfian over [min, max] with exponent s, by rejection (Devroye's algorithm, as pgbench 13+). */
    static long zipfian(PgPrng r, long min, long max, double s) {
        long n = max - min + 1;
        if (n <= 1) {
            return min;
        }
        double b = Math.pow(2.0, s - 1.0);
        double x;
        while (true) {
            double u = r.nextDouble();
            double v = r.nextDouble();
            x = Math.floor(Math.pow(u, -1.0 / (s - 1.0)));
            double t = Math.pow(1.0 + 1.0 / x, s - 1.0);
            if (v * x * (t - 1.0) / (b - 1.0) <= t / b && x <= n) {
                break;
            }
        }
        return min - 1 + (long) x;
    }

    /** {@code getPoissonRand}: -R's schedule of waits around {@code center}. */
    static long poisson(PgPrng r, double center) {
        double uniform = 1.0 - r.nextDouble();
        return (long) (-Math.log(uniform) * center + 0.5);
    }
}
