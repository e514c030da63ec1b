package dev.bench.core.random;

/**
 * Zipf over keys 1..n: P(k) proportional to 1/k^s, key 1 hottest, not shuffled (as Noria's vote does).
 *
 * <p>Exact and in constant memory, for any n up to {@link Long#MAX_VALUE}: rejection-inversion
 * sampling (W. Hörmann and G. Derflinger, "Rejection-inversion to generate variates from monotone
 * discrete distributions", ACM TOMACS 6(3), 1996). A uniform draw is inverted through the integral H
 * of the continuous hat h(x) = x^-s, and the integer nearest the result is kept unless it falls in
 * the thin strip between the hat and the true probability; the expected number of draws per key is
 * below 1.1 for every n and s. The same generator state gives the same key. Immutable and thread-safe.
 */
public final class ZipfDistribution implements KeyDistribution {

    private final long n;
    private final double exponent;
    /** H(1.5) - 1: the lower end of the inverted range (key 1's whole mass is below H(1.5)). */
    private final double hIntegralX1;
    /** H(n + 0.5): the upper end. */
    private final double hIntegralN;
    /** Keys this close below their x are accepted without evaluating H (the squeeze). */
    private final double squeeze;

    public ZipfDistribution(long n, double exponent) {
        if (n < 1) {
            throw new IllegalArgumentException("zipf key count must be >= 1, got " + n);
        }
        if (!(exponent > 0) || Double.isInfinite(exponent)) {
            throw new IllegalArgumentException("zipf exponent must be > 0, got " + exponent);
        }
        this.n = n;
        this.exponent = exponent;
        this.hIntegralX1 = hIntegral(1.5) - 1;
        this.hIntegralN = hIntegral(n + 0.5);
        this.squeeze = 2 - hIntegralInverse(hIntegral(2.5) - h(2));
    }

    @Override
    public long next(SplitMix64 random) {
        while (true) {
            double u = hIntegralN + random.nextDouble() * (hIntegralX1 - hIntegralN);
            double x = hIntegralInverse(u);
            long k = Math.max(1, Math.min(n, (long) (x + 0.5)));
            if (k - x <= squeeze || u >= hIntegral(k + 0.5) - h(k)) {
                return k;
            }
        }
    }

    @Override
    public long size() {
        return n;
    }

    public double exponent() {
        return exponent;
    }

    /** The exact probability of key k, for tests and docs: O(n), as it sums the normalising constant. */
    public double probability(long k) {
        double sum = 0;
        for (long i = n; i >= 1; i--) {
            sum += Math.pow(i, -exponent);
        }
        return Math.pow(k, -exponent) / sum;
    }

    /** The hat: x^-s. */
    private double h(double x) {
        return Math.exp(-exponent * Math.log(x));
    }

    /** The hat's integral, (x^(1-s) - 1) / (1 - s), written to stay exact as s approaches 1 (where it is log x). */
    private double hIntegral(double x) {
        double logX = Math.log(x);
        return expm1OverX((1 - exponent) * logX) * logX;
    }

    /** The inverse of {@link #hIntegral}. */
    private double hIntegralInverse(double y) {
        double t = Math.max(-1, y * (1 - exponent)); // rounding may push it just past the pole at -1
        return Math.exp(log1pOverX(t) * y);
    }

    /** log(1 + x) / x, and its series near 0 where the quotient loses its digits. */
    private static double log1pOverX(double x) {
        return Math.abs(x) > 1e-8 ? Math.log1p(x) / x : 1 - x * (0.5 - x * (1.0 / 3 - 0.25 * x));
    }

    /** (e^x - 1) / x, and its series near 0. */
    private static double expm1OverX(double x) {
        return Math.abs(x) > 1e-8 ? Math.expm1(x) / x : 1 + x * 0.5 * (1 + x / 3 * (1 + 0.25 * x));
    }
}
