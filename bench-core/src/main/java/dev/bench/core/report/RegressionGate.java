package dev.bench.core.report;

import dev.bench.core.report.JmhResults.Result;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Whether B is slower than A beyond noise, benchmark by benchmark: a one-sided Welch t on the log fork
 * scores ({@link ForkTest}), the benchmarks' p-values cut together by Benjamini-Hochberg at
 * {@code falseAlarmRate}. CI compares ~45 benchmarks at once: when nothing changed, the chance that any is
 * flagged is at most that rate (BH then controls the family-wise rate; 5 % by default). When many did
 * change, as when a slower JDK or runner slows them all, the cut loosens with each benchmark that clearly
 * moved (expected share of false ones among the flagged still at most the rate), so a uniform 20 %
 * slowdown is seen where Bonferroni's fixed alpha / n would miss most of it. Each verdict also says the
 * smallest slowdown this comparison could have shown at the cut it used (the critical t times the
 * standard error): a "within noise" that could only see a 60 % slowdown says so rather than passing for
 * a clean bill.
 *
 * <p>JMH's 99.9 % error is not the gate: it treats every iteration as independent, which forks are and
 * iterations of one fork are not, and with a few short iterations it is wider than the score.
 *
 * @param falseAlarmRate chance that an unchanged pass flags any benchmark, e.g. 0.05
 * @param minForks       forks each side needs for a verdict (Welch's t needs 2)
 */
public record RegressionGate(double falseAlarmRate, int minForks) {

    public static final RegressionGate DEFAULT = new RegressionGate(0.05, 2);

    public RegressionGate {
        if (!(falseAlarmRate > 0 && falseAlarmRate < 0.5) || minForks < 2) {
            throw new IllegalArgumentException("need 0 < falseAlarmRate < 0.5 and minForks >= 2, got " + falseAlarmRate
                    + " and " + minForks);
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
            return String.format(Locale.ROOT, percent < 10 ? "%.1f" : "%.0f", percent);
        }
    }

    public Judgement judge(Result a, Result b) {
        return judge(List.of(a), List.of(b)).get(0);
    }

    /** Judges each A against the B at the same index, all in one family (the cut is shared); one judgement each. */
    public List<Judgement> judge(List<Result> a, List<Result> b) {
        List<ForkTest> tests = new ArrayList<>();
        List<Double> pValues = new ArrayList<>();
        for (int i = 0; i < a.size(); i++) {
            boolean enough = a.get(i).forks().size() >= minForks && b.get(i).forks().size() >= minForks;
            ForkTest test = enough ? ForkTest.of(a.get(i).forks(), b.get(i).forks(), higherIsBetter(a.get(i))) : null;
            tests.add(test);
            if (test != null) {
                pValues.add(test.pSlower());
            }
        }
        double cut = benjaminiHochbergCut(pValues);
        double bonferroni = falseAlarmRate / Math.max(1, pValues.size());
        List<Judgement> judgements = new ArrayList<>();
        for (int i = 0; i < a.size(); i++) {
            ForkTest test = tests.get(i);
            if (test == null) {
                judgements.add(new Judgement(Verdict.TOO_FEW_FORKS, Double.NaN, Double.NaN, Double.NaN));
                continue;
            }
            boolean higherIsBetter = higherIsBetter(a.get(i));
            double change = Math.expm1(higherIsBetter ? -test.slowerLog() : test.slowerLog()) * 100;
            double couldSee = -Math.expm1(-test.detectableLog(cut)) * 100;
            // faster is reported, never gated: the strict fixed cut is enough for that
            Verdict verdict = test.pSlower() <= cut ? Verdict.SLOWER : test.pFaster() < bonferroni ? Verdict.FASTER : Verdict.WITHIN;
            judgements.add(new Judgement(verdict, change, couldSee, test.pSlower()));
        }
        return judgements;
    }

    /**
     * The p-value at or under which Benjamini-Hochberg rejects: the largest k-th smallest p with
     * p(k) <= k q / m; with none, q / m (which nothing reaches), so "could see" is still defined.
     */
    double benjaminiHochbergCut(List<Double> pValues) {
        List<Double> sorted = new ArrayList<>(pValues);
        sorted.sort(null);
        int m = sorted.size();
        double cut = falseAlarmRate / Math.max(1, m);
        for (int k = 1; k <= m; k++) {
            if (sorted.get(k - 1) <= k * falseAlarmRate / m) {
                cut = k * falseAlarmRate / m;
            }
        }
        return cut;
    }

    private static boolean higherIsBetter(Result r) {
        return "thrpt".equals(r.mode());
    }

    /** The gate's closing lines: what it flagged, how often it may do so by chance, what it could not judge. */
    String summary(String labelB, int judged, List<String> slower, List<String> blind, List<String> unjudged) {
        StringBuilder out = new StringBuilder(String.format(Locale.ROOT,
                "# regression gate: slower beyond noise in %s (one-sided Welch t on log fork scores, Benjamini-Hochberg over %d "
                        + "benchmarks: an unchanged pass flags any with probability <= %s %%): %s%n",
                labelB, judged, BigDecimal.valueOf(falseAlarmRate * 100).stripTrailingZeros().toPlainString(),
                slower.isEmpty() ? "none" : String.join(", ", slower)));
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
