package dev.bench.core.results.verify;

import com.fasterxml.jackson.databind.JsonNode;
import dev.bench.core.BenchException;
import dev.bench.core.Schedule;

import java.util.Locale;

/**
 * The offered load of an open-loop run block. {@code offered_ops} is the schedule's integral over the
 * measured window, this client's share: recomputed here from the run settings (the schedule, or the
 * constant target, and the client count), it must agree within one op (the schedule is written with
 * rounded numbers). {@code generated_ops} is what the arrival streams drew over the same window:
 * <ul>
 *   <li>uniform arrivals step each stream by exactly one expected op, so each kind's stream is within one
 *       op of its share: within one op per kind (per client, in a merge) in all;</li>
 *   <li>Poisson arrivals draw a random count, Poisson-distributed with the integral as its mean, so no
 *       count is wrong as such; |generated − offered| &lt;= 6·√offered + 1 fails a correct run with
 *       probability about 10⁻⁹ while catching a window or a count off by more than a few percent.</li>
 * </ul>
 * Closed loop (and bursts) offer no schedule, only as much as the workers take: nothing to check. A
 * merge's offered and generated are its clients' sums ({@link MergeChecks}), and its window their union,
 * so only the bound between them is checked here.
 */
final class OfferedChecks {

    private OfferedChecks() {
    }

    static void check(Block b, Findings out) {
        JsonNode t = b.numbers().path("throughput");
        if (!"open".equals(b.run().path("loop").asText()) || !t.has("window_s")) {
            return;
        }
        if (!t.has("offered_ops")) {
            out.broken(b.name() + ": summary.json has no throughput.offered_ops for an open-loop run");
            return;
        }
        double offered = t.path("offered_ops").asDouble();
        double windowS = t.path("window_s").asDouble();
        if (!b.isMerge()) {
            double expected = integral(b, 0, windowS);
            out.check(Math.abs(offered - expected) <= 1, () -> String.format(Locale.ROOT,
                    "%s: summary.json offered_ops %.1f != the schedule's integral over window_s %.3f = %.1f",
                    b.name(), offered, windowS, expected));
        }
        long generated = Counts.of(t.path("generated_ops"));
        boolean uniform = "uniform".equals(b.run().path("arrivals").asText());
        double bound = uniform ? streams(b) : 6 * Math.sqrt(offered) + 1;
        out.check(Math.abs(generated - offered) <= bound, () -> String.format(Locale.ROOT,
                "%s: summary.json generated_ops %d vs offered_ops %.1f: off by %.1f, more than %s allow (%.1f)",
                b.name(), generated, offered, Math.abs(generated - offered),
                uniform ? "uniform arrivals (one op per kind's stream)" : "Poisson arrivals (6·√offered + 1)", bound));
    }

    /** Arrival streams: one per kind and client. */
    static int streams(Block b) {
        return Math.max(1, b.numbers().path("ops").size()) * b.clients();
    }

    /** This client's share of the schedule (or the constant target) from {@code fromS} to {@code toS} into the window. */
    static double integral(Block b, double fromS, double toS) {
        JsonNode run = b.run();
        int clients = run.path("clients").asInt(1);
        if (run.hasNonNull("schedule")) {
            try {
                return Schedule.parse("schedule", run.path("schedule").asText()).scaled(1.0 / clients).count(fromS, toS);
            } catch (BenchException e) {
                throw new BenchException(b.name() + ": summary.json run.schedule is not a schedule: " + e.getMessage(), e);
            }
        }
        return run.path("target_ops_per_s").asDouble() * (toS - fromS);
    }
}
