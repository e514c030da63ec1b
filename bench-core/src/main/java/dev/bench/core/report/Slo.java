package dev.bench.core.report;

import dev.bench.core.BenchException;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A service-level objective on sojourn latency, such as {@code p99=10ms} or {@code p50=2ms,p99.9=50ms}:
 * each percentile must stay at or under its limit.
 */
public record Slo(List<Limit> limits) {

    /** One bound: sojourn at {@code percentile} ≤ {@code limitMs}. */
    public record Limit(double percentile, double limitMs) {

        @Override
        public String toString() {
            return "p" + Percentile.label(percentile) + "=" + Fmt.ms(limitMs) + "ms";
        }
    }

    private static final Pattern LIMIT = Pattern.compile("p(\\d+(?:\\.\\d+)?)=(\\d+(?:\\.\\d+)?)(us|µs|ms|s)");

    /** @param name the option or key the SLO came from, as the user spelled it, for the error */
    public static Slo parse(String name, String text) {
        List<Limit> limits = new ArrayList<>();
        for (String part : text.split(",")) {
            Matcher m = LIMIT.matcher(part.trim().toLowerCase(Locale.ROOT));
            if (!m.matches()) {
                throw new BenchException(name + ": '" + part.trim() + "' is not PERCENTILE=LIMIT, e.g. p99=10ms (units us, ms, s)");
            }
            double p = Double.parseDouble(m.group(1));
            if (!(p > 0 && p < 100)) {
                throw new BenchException(name + ": percentile must be between 0 and 100 exclusive, got " + m.group(1));
            }
            double value = Double.parseDouble(m.group(2));
            double ms = switch (m.group(3)) {
                case "s" -> value * 1e3;
                case "ms" -> value;
                default -> value / 1e3;
            };
            limits.add(new Limit(p, ms));
        }
        return new Slo(List.copyOf(limits));
    }

    @Override
    public String toString() {
        return String.join(",", limits.stream().map(Limit::toString).toList());
    }

    /** Percentile labels as the summary writes them: 99 → "99", 99.9 → "99.9". */
    static final class Percentile {
        private Percentile() {
        }

        static String label(double p) {
            return p == Math.rint(p) ? String.valueOf((long) p) : String.valueOf(p);
        }
    }
}
