package dev.bench.core.results.verify;

import com.fasterxml.jackson.databind.JsonNode;
import dev.bench.core.results.IntervalRow;

import java.util.List;
import java.util.Locale;

/**
 * Rates are counts over the seconds actually measured. Per interval row: ops_per_s = completed / the
 * row's length (within the file's rounding: times to 1 ms, rates to 0.01). Per run block: the measured
 * window ({@code window_s}) lies within the intervals that were reported, but for a stretch at its end where
 * the schedule offered no op (a window as long as the configured runtime after a stop is not the measured
 * one), and is no longer than the runtime;
 * generated_ops_per_s = generated_ops / window_s and actual_ops_per_s = completed_ops / drain_s. Per
 * named segment: ops_per_s = completed_ops / the span of its intervals. The offered load is
 * {@link OfferedChecks}'.
 */
final class RateChecks {

    /** Interval bounds are written to 1 ms: each may be 0.5 ms off, so a length up to 1 ms. */
    private static final double TIME_ROUNDING_S = 0.001;
    /** Rates are written to 0.01 ops/s. */
    private static final double RATE_ROUNDING = 0.005;

    private RateChecks() {
    }

    static void check(Block b, BlockFiles f, Findings out) {
        for (IntervalRow r : f.rows) {
            row(b, r, out);
        }
        if (b.isSegment()) {
            segment(b, f, out);
        } else if (b.numbers().has("throughput")) {
            window(b, f, out);
        }
    }

    private static void row(Block b, IntervalRow r, Findings out) {
        double length = r.endS() - r.startS();
        boolean holds = rateOver(r.completed(), length, r.opsPerS());
        out.check(holds, () -> String.format(Locale.ROOT, "%s: intervals.csv interval %.3f..%.3f s, %s: ops_per_s "
                + "%.2f != completed %d / %.3f s = %.2f", b.name(), r.startS(), r.endS(), r.kind(), r.opsPerS(),
                r.completed(), length, r.completed() / length));
    }

    /** Whether {@code rate} is {@code count} over {@code seconds}, each bound of which may be 0.5 ms off. */
    private static boolean rateOver(long count, double seconds, double rate) {
        if (count == 0) {
            return Math.abs(rate) <= RATE_ROUNDING;
        }
        double low = count / (seconds + TIME_ROUNDING_S) - RATE_ROUNDING;
        double shortest = seconds - TIME_ROUNDING_S;
        return rate >= low && (shortest <= 0 || rate <= count / shortest + RATE_ROUNDING);
    }

    private static void segment(Block b, BlockFiles f, Findings out) {
        List<IntervalRow> rows = f.measured();
        long completed = Counts.of(b.numbers().path("completed_ops"));
        double rate = b.numbers().path("ops_per_s").asDouble();
        if (rows.isEmpty()) {
            out.check(completed == 0 && rate == 0, () -> b.name() + ": summary.json ops_per_s " + rate + " with "
                    + completed + " ops and no measured interval");
            return;
        }
        double span = rows.get(rows.size() - 1).endS() - rows.get(0).startS();
        out.check(rateOver(completed, span, rate), () -> String.format(Locale.ROOT, "%s: summary.json ops_per_s %.3f "
                + "!= completed_ops %d / its intervals' %.3f s = %.3f", b.name(), rate, completed, span, completed / span));
    }

    private static void window(Block b, BlockFiles f, Findings out) {
        JsonNode t = b.numbers().path("throughput");
        if (!t.has("window_s")) {
            out.broken(b.name() + ": summary.json has no throughput.window_s (the measured window); its rates can't be "
                    + "checked (written by a bench older than verify)");
            return;
        }
        double windowS = t.path("window_s").asDouble();
        double reportedUntil = Math.max(0, f.rows.stream().mapToDouble(IntervalRow::endS).max().orElse(0));
        double tailOps = unreportedOffer(b, reportedUntil, windowS);
        out.check(tailOps <= 0, () -> String.format(Locale.ROOT, "%s: summary.json window_s %.3f but intervals.csv "
                + "ends at %.3f s%s: the window is not the one measured", b.name(), windowS, reportedUntil,
                "open".equals(b.run().path("loop").asText())
                        ? String.format(Locale.ROOT, ", and the schedule offered %.1f ops in between", tailOps + allowedTail(b)) : ""));
        double runtimeS = b.run().path("runtime_s").asDouble(0);
        if (runtimeS > 0 && !b.isMerge()) {
            out.check(windowS <= runtimeS + 1e-6, () -> String.format(Locale.ROOT,
                    "%s: summary.json window_s %.3f > runtime_s %.3f", b.name(), windowS, runtimeS));
        }
        long generated = Counts.of(t.path("generated_ops"));
        long completed = Counts.of(t.path("completed_ops"));
        if (windowS <= 0) {
            out.check(generated == 0 && completed == 0, () -> b.name() + ": summary.json window_s " + windowS
                    + " with " + generated + " ops generated and " + completed + " completed");
            return;
        }
        double generatedRate = t.path("generated_ops_per_s").asDouble(Double.NaN);
        out.check(close(generatedRate, generated / windowS), () -> String.format(Locale.ROOT,
                "%s: summary.json generated_ops_per_s %.3f != generated_ops %d / window_s %.3f = %.3f",
                b.name(), generatedRate, generated, windowS, generated / windowS));
        double drainS = t.path("drain_s").asDouble();
        double actualRate = t.path("actual_ops_per_s").asDouble(Double.NaN);
        double expected = completed / Math.max(drainS, 1e-9);
        out.check(close(actualRate, expected), () -> String.format(Locale.ROOT,
                "%s: summary.json actual_ops_per_s %.3f != completed_ops %d / drain_s %.3f = %.3f",
                b.name(), actualRate, completed, drainS, expected));
    }

    /**
     * How far the window reaches past the reported intervals, beyond what is allowed: > 0 when it does. The
     * run reports until its last op completes, so its intervals cover the window, except in open loop when
     * the schedule's last arrival came before the window's end (a low rate): there the stretch after the last
     * interval may have offered no op. Allowed: 20 expected ops under Poisson arrivals (none arriving has
     * probability e⁻²⁰), one per stream under uniform ones; in closed loop, the file's rounding.
     */
    private static double unreportedOffer(Block b, double reportedUntil, double windowS) {
        double tail = windowS - reportedUntil;
        if (tail <= 2 * TIME_ROUNDING_S) {
            return 0;
        }
        if (!"open".equals(b.run().path("loop").asText())) {
            return tail;
        }
        double offered = b.isMerge()
                ? b.numbers().path("throughput").path("offered_ops").asDouble() * tail / windowS
                : OfferedChecks.integral(b, reportedUntil, windowS);
        return offered - allowedTail(b);
    }

    private static double allowedTail(Block b) {
        return "uniform".equals(b.run().path("arrivals").asText()) ? OfferedChecks.streams(b) : 20;
    }

    /** Equal but for the last digits a double printed and read back may lose. */
    static boolean close(double a, double b) {
        return Math.abs(a - b) <= 1e-9 * Math.max(Math.abs(a), Math.abs(b)) + 1e-9;
    }
}
