package dev.bench.core.report;

import java.util.List;

/**
 * Welch's t on the logarithms of two passes' fork scores, one-sided each way. The fork is the unit of
 * noise: iterations of one fork share a JVM, its JIT decisions and that moment's load, so they are not
 * independent; a fork's score (the mean of all its measurement iterations) is. In a balanced nested
 * design (iterations within forks) the exact test for a difference between passes is this test on the
 * fork means, with forksA + forksB - 2 degrees of freedom at most; more iterations help only by making
 * each fork's mean steadier. Logarithms make a slowdown a shift: a pass 20 % slower moves every fork by
 * ln 0.8 and leaves the spread alone.
 *
 * @param slowerLog the slowdown of B against A in natural-log units (positive: B slower), from the means
 *                  of the log fork scores; for throughput ln(A/B), for time per op ln(B/A)
 * @param standardError of {@code slowerLog}; 0 when every fork of each side is identical
 * @param df            Welch-Satterthwaite degrees of freedom
 */
record ForkTest(double slowerLog, double standardError, double df) {

    static ForkTest of(List<Double> forksA, List<Double> forksB, boolean higherIsBetter) {
        double[] a = logs(forksA);
        double[] b = logs(forksB);
        double va = variance(a) / a.length;
        double vb = variance(b) / b.length;
        double shift = mean(b) - mean(a);
        double se = Math.sqrt(va + vb);
        double df = se == 0 ? a.length + b.length - 2
                : (va + vb) * (va + vb) / (va * va / (a.length - 1) + vb * vb / (b.length - 1));
        return new ForkTest(higherIsBetter ? -shift : shift, se, df);
    }

    /** One-sided p for "B is slower": the chance of a slowdown this large if both passes measure the same. */
    double pSlower() {
        return standardError == 0 ? (slowerLog > 0 ? 0 : 1) : StudentT.upperTail(slowerLog / standardError, df);
    }

    /** One-sided p for "B is faster". */
    double pFaster() {
        return standardError == 0 ? (slowerLog < 0 ? 0 : 1) : StudentT.upperTail(-slowerLog / standardError, df);
    }

    /** The smallest slowdown (log units) this spread and these forks would call beyond noise at {@code alpha}. */
    double detectableLog(double alpha) {
        return standardError == 0 ? 0 : StudentT.upperQuantile(alpha, df) * standardError;
    }

    private static double[] logs(List<Double> xs) {
        return xs.stream().mapToDouble(Math::log).toArray();
    }

    private static double mean(double[] xs) {
        double sum = 0;
        for (double x : xs) {
            sum += x;
        }
        return sum / xs.length;
    }

    private static double variance(double[] xs) {
        double m = mean(xs);
        double sum = 0;
        for (double x : xs) {
            sum += (x - m) * (x - m);
        }
        return sum / (xs.length - 1);
    }
}
