package dev.bench.core.report;

import dev.bench.core.report.JmhResults.Result;

import java.util.List;
import java.util.Locale;

/**
 * Whether B is slower than A beyond noise, benchmark by benchmark: a one-sided Welch t on the log fork
 * scores ({@link ForkTest}) at {@code alpha} per benchmark. The gate compares many benchmarks at once, so
 * alpha is small: with n benchmarks, the chance that an unchanged pass flags any is at most n × alpha
 * (Bonferroni), 4.6 % for CI's 46 at the default 0.001. Each verdict also says the smallest change that
 * pair of passes could have shown (the one-sided critical t times the standard error): a "within noise"
 * that could only see a 60 % slowdown says so rather than passing for a clean bill.
 *
 * <p>JMH's 99.9 % error is not the gate: it treats every iteration as independent, which forks are and
 * iterations of one fork are not, and with a few short iterations it is wider than the score.
 *
 * @param alpha    per-benchmark false-alarm rate of each one-sided test, e.g. 0.001
 * @param minForks forks each side needs for a verdict (Welch's t needs 2)
 */
public record RegressionGate(double alpha, int minForks) {

    public static final RegressionGate DEFAULT = new RegressionGate(0.001, 2);

    public RegressionGate {
        if (!(alpha > 0 && alpha < 0.5) || minForks < 2) {
            throw new IllegalArgumentException("need 0 < alpha < 0.5 and minForks >= 2, got " + alpha + " and " + minForks);
        }
    }

    public enum Verdict {
        SLOWER("slower beyond noise"), FASTER("faster beyond noise"), WITHIN("within noise"), TOO_FEW_FORKS("too few forks");

        private final String text;

        Verdict(String text) {
            this.text = text;
        }

        @Override
        public String toString() {
            return text;
        }
    }

    /**
     * @param changePercent   B against A, the ratio of the fork scores' geometric means, in percent
     * @param couldSeePercent the smallest slowdown this pair would have flagged, in percent: throughput that
     *                        much lower, or time per op 1 / (1 - that much) times higher (a 20 % slowdown is
     *                        ops/s x 0.8 or ns/op x 1.25); NaN without a verdict
     * @param pSlower         one-sided p of "B is slower"
     */
    public record Judgement(Verdict verdict, double changePercent, double couldSeePercent, double pSlower) {

        /** "slower beyond noise", "within noise (could see >= 12 %)", ... */
        public String text() {
            return verdict == Verdict.WITHIN
                    ? String.format(Locale.ROOT, "within noise (could see >= %s %%)", percentText(couldSeePercent))
                    : verdict.toString();
        }

        /** Whether a change of {@code percent} in the slower direction would have been flagged. */
        public boolean couldSee(double percent) {
            return couldSeePercent <= percent;
        }

        private static String percentText(double percent) {
            return percent >= 1000 ? ">999" : String.format(Locale.ROOT, percent < 10 ? "%.1f" : "%.0f", percent);
        }
    }

    public Judgement judge(Result a, Result b) {
        if (a.forks().size() < minForks || b.forks().size() < minForks) {
            return new Judgement(Verdict.TOO_FEW_FORKS, Double.NaN, Double.NaN, Double.NaN);
        }
        boolean higherIsBetter = "thrpt".equals(a.mode());
        ForkTest test = ForkTest.of(a.forks(), b.forks(), higherIsBetter);
        double change = Math.expm1(higherIsBetter ? -test.slowerLog() : test.slowerLog()) * 100;
        double detectable = test.detectableLog(alpha);
        double couldSee = -Math.expm1(-detectable) * 100;
        Verdict verdict = test.pSlower() < alpha ? Verdict.SLOWER : test.pFaster() < alpha ? Verdict.FASTER : Verdict.WITHIN;
        return new Judgement(verdict, change, couldSee, test.pSlower());
    }

    /** The gate's closing lines: what it flagged, how often it may do so by chance, what it could not judge. */
    String summary(String labelB, int judged, List<String> slower, List<String> blind, List<String> unjudged) {
        StringBuilder out = new StringBuilder(String.format(Locale.ROOT,
                "# regression gate: slower beyond noise in %s (one-sided Welch t on log fork scores, alpha %s a benchmark; "
                        + "chance of any false alarm over %d benchmarks <= %.1f %%): %s%n",
                labelB, alpha, judged, Math.min(1, judged * alpha) * 100, slower.isEmpty() ? "none" : String.join(", ", slower)));
        if (!blind.isEmpty()) {
            out.append(String.format(Locale.ROOT, "# regression gate: %d of %d could not see a 20 %% slowdown (more forks, or a "
                    + "quieter machine; out of the gate at 20 %%, still flagged when slower beyond noise): ", blind.size(), judged))
                    .append(String.join(", ", blind)).append('\n');
        }
        if (!unjudged.isEmpty()) {
            out.append("# regression gate: too few forks to judge (run JMH with -f ").append(Math.max(3, minForks)).append("): ")
                    .append(String.join(", ", unjudged)).append('\n');
        }
        return out.toString();
    }
}
