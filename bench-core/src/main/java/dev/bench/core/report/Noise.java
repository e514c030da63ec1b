package dev.bench.core.report;

import java.util.Arrays;

/**
 * Whether two runs differ by more than each run's own interval-to-interval spread: the change is
 * "beyond noise" when the middle halves (interquartile ranges) of the two runs' per-interval values do
 * not overlap. Deliberately blunt: intervals of one run are correlated, so a t-test on them would call
 * far too much significant; disjoint middle halves are hard to get by chance.
 */
public final class Noise {

    /** Fewer intervals than this per run: no verdict. */
    public static final int MIN_INTERVALS = 4;

    public enum Verdict {
        BEYOND("beyond noise"), WITHIN("within noise"), UNKNOWN("too few intervals");

        private final String text;

        Verdict(String text) {
            this.text = text;
        }

        @Override
        public String toString() {
            return text;
        }
    }

    private Noise() {
    }

    public static Verdict judge(double[] a, double[] b) {
        if (a.length < MIN_INTERVALS || b.length < MIN_INTERVALS) {
            return Verdict.UNKNOWN;
        }
        double[] qa = quartiles(a);
        double[] qb = quartiles(b);
        return qa[1] < qb[0] || qb[1] < qa[0] ? Verdict.BEYOND : Verdict.WITHIN;
    }

    /** First and third quartile (linear interpolation between order statistics). */
    static double[] quartiles(double[] values) {
        double[] s = values.clone();
        Arrays.sort(s);
        return new double[] {quantile(s, 0.25), quantile(s, 0.75)};
    }

    private static double quantile(double[] sorted, double q) {
        double pos = q * (sorted.length - 1);
        int lo = (int) Math.floor(pos);
        int hi = Math.min(lo + 1, sorted.length - 1);
        return sorted[lo] + (sorted[hi] - sorted[lo]) * (pos - lo);
    }
}
