package dev.bench.core.report;

import dev.bench.core.report.JmhResults.Result;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Whether B regressed against A, judged on forks, not on JMH's error: B's median fork score is worse
 * than A's by more than a threshold, and every fork of B is worse than every fork of A. Both halves
 * matter: the threshold keeps a real but small drift quiet, the forks keep one unlucky fork (a noisy
 * runner) from firing it. JMH's 99.9 % error can't be the gate: with a few short iterations it is often
 * wider than the score, so an error-based gate never fires; and one fork can't tell a regression from
 * a different machine.
 *
 * @param thresholdPercent how much worse the median must be, e.g. 10
 * @param minForks         forks each side needs for a verdict
 */
public record RegressionGate(double thresholdPercent, int minForks) {

    public static final RegressionGate DEFAULT = new RegressionGate(10, 2);

    public enum Verdict { REGRESSION, OK, TOO_FEW_FORKS }

    public Verdict judge(Result a, Result b) {
        if (a.forks().size() < minForks || b.forks().size() < minForks) {
            return Verdict.TOO_FEW_FORKS;
        }
        boolean higherIsBetter = "thrpt".equals(a.mode());
        double change = (median(b.forks()) - median(a.forks())) / median(a.forks()) * 100;
        double worseBy = higherIsBetter ? -change : change;
        boolean everyForkWorse = higherIsBetter ? max(b.forks()) < min(a.forks()) : min(b.forks()) > max(a.forks());
        return worseBy > thresholdPercent && everyForkWorse ? Verdict.REGRESSION : Verdict.OK;
    }

    /** The gate's closing lines for a comparison: what it flagged, and what it could not judge. */
    String summary(String labelB, List<String> regressions, List<String> unjudged) {
        StringBuilder out = new StringBuilder(String.format(Locale.ROOT,
                "# regression gate (%s worse by more than %.0f %% at the median fork, every fork worse; >= %d forks a side): %s%n",
                labelB, thresholdPercent, minForks, regressions.isEmpty() ? "none" : String.join(", ", regressions)));
        if (!unjudged.isEmpty()) {
            out.append("# regression gate: too few forks to judge (run JMH with -f ").append(Math.max(3, minForks)).append("): ")
                    .append(String.join(", ", unjudged)).append('\n');
        }
        return out.toString();
    }

    static double median(List<Double> xs) {
        List<Double> sorted = new ArrayList<>(xs);
        sorted.sort(null);
        int n = sorted.size();
        return n % 2 == 1 ? sorted.get(n / 2) : (sorted.get(n / 2 - 1) + sorted.get(n / 2)) / 2;
    }

    private static double min(List<Double> xs) {
        return xs.stream().mapToDouble(Double::doubleValue).min().orElse(Double.NaN);
    }

    private static double max(List<Double> xs) {
        return xs.stream().mapToDouble(Double::doubleValue).max().orElse(Double.NaN);
    }
}
