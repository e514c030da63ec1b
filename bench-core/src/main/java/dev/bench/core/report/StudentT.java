package dev.bench.core.report;

/**
 * Student's t distribution with real degrees of freedom (Welch's are fractional): the upper tail and
 * its inverse, which is all a one-sided test needs. Written here rather than pulling a statistics
 * library into bench-core for two functions; checked against published t tables in StudentTTest.
 */
final class StudentT {

    private StudentT() {
    }

    /** P(T > t) for T with {@code df} degrees of freedom. */
    static double upperTail(double t, double df) {
        if (Double.isNaN(t) || !(df > 0)) {
            return Double.NaN;
        }
        if (Double.isInfinite(t)) {
            return t > 0 ? 0 : 1;
        }
        double half = 0.5 * regularizedBeta(df / (df + t * t), df / 2, 0.5);
        return t >= 0 ? half : 1 - half;
    }

    /** The t with P(T > t) = p, for 0 < p < 1 (bisection on the monotone tail: exact enough, and never diverges). */
    static double upperQuantile(double p, double df) {
        if (!(p > 0 && p < 1) || !(df > 0)) {
            throw new IllegalArgumentException("need 0 < p < 1 and df > 0, got p=" + p + ", df=" + df);
        }
        double lo = -1;
        double hi = 1;
        while (upperTail(lo, df) < p) {
            lo *= 2;
        }
        while (upperTail(hi, df) > p) {
            hi *= 2;
        }
        for (int i = 0; i < 200 && hi - lo > 1e-12 * Math.max(1, Math.abs(hi)); i++) {
            double mid = (lo + hi) / 2;
            if (upperTail(mid, df) > p) {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        return (lo + hi) / 2;
    }

    /** I_x(a, b), the regularized incomplete beta function, by its continued fraction (modified Lentz). */
    static double regularizedBeta(double x, double a, double b) {
        if (x <= 0) {
            return 0;
        }
        if (x >= 1) {
            return 1;
        }
        // The fraction converges fast for x < (a + 1) / (a + b + 2); use the symmetry I_x(a,b) = 1 - I_{1-x}(b,a) beyond.
        if (x > (a + 1) / (a + b + 2)) {
            return 1 - regularizedBeta(1 - x, b, a);
        }
        double front = Math.exp(a * Math.log(x) + b * Math.log1p(-x) - logBeta(a, b)) / a;
        return front * continuedFraction(x, a, b);
    }

    private static double continuedFraction(double x, double a, double b) {
        final double tiny = 1e-300;
        double c = 1;
        double d = 1 - (a + b) * x / (a + 1);
        d = 1 / (Math.abs(d) < tiny ? tiny : d);
        double f = d;
        for (int m = 1; m <= 1000; m++) {
            // two terms per step: the even coefficient d_{2m}, then the odd d_{2m+1}
            for (int odd = 0; odd < 2; odd++) {
                double coefficient = odd == 0
                        ? m * (b - m) * x / ((a + 2 * m - 1) * (a + 2 * m))
                        : -(a + m) * (a + b + m) * x / ((a + 2 * m) * (a + 2 * m + 1));
                d = 1 + coefficient * d;
                d = 1 / (Math.abs(d) < tiny ? tiny : d);
                c = 1 + coefficient / c;
                c = Math.abs(c) < tiny ? tiny : c;
                f *= c * d;
                if (odd == 1 && Math.abs(c * d - 1) < 1e-15) {
                    return f;
                }
            }
        }
        return f;
    }

    private static double logBeta(double a, double b) {
        return logGamma(a) + logGamma(b) - logGamma(a + b);
    }

    /** ln Γ(x) for x > 0: Lanczos' approximation (g = 7, 9 terms), good to about 15 digits. */
    static double logGamma(double x) {
        if (x < 0.5) {
            // reflection: Γ(x) Γ(1 - x) = π / sin(πx)
            return Math.log(Math.PI / Math.abs(Math.sin(Math.PI * x))) - logGamma(1 - x);
        }
        double[] c = {0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313,
            -176.61502916214059, 12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7};
        double z = x - 1;
        double sum = c[0];
        for (int i = 1; i < c.length; i++) {
            sum += c[i] / (z + i);
        }
        double t = z + 7.5;
        return 0.5 * Math.log(2 * Math.PI) + (z + 0.5) * Math.log(t) - t + Math.log(sum);
    }
}
