package dev.bench.core.report;

import java.util.Locale;

/** Numbers as reports print them: latencies in ms to about three significant digits, counts grouped. */
final class Fmt {

    private Fmt() {
    }

    static String ms(double ms) {
        if (!Double.isFinite(ms)) {
            return "-";
        }
        double a = Math.abs(ms);
        String pattern = a == 0 ? "%.0f" : a < 1 ? "%.3f" : a < 10 ? "%.2f" : a < 100 ? "%.1f" : "%.0f";
        return String.format(Locale.ROOT, pattern, ms);
    }

    static String count(double n) {
        if (!Double.isFinite(n)) {
            return "-";
        }
        return n == Math.rint(n) && Math.abs(n) < 1e15
                ? String.format(Locale.ROOT, "%,d", (long) n)
                : String.format(Locale.ROOT, "%,.1f", n);
    }

    static String percent(double change) {
        if (!Double.isFinite(change)) {
            return "-";
        }
        return String.format(Locale.ROOT, "%+.1f%%", change);
    }
}
