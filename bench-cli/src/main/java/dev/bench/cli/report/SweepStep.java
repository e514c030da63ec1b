package dev.bench.cli.report;

import com.fasterxml.jackson.databind.JsonNode;
import dev.bench.core.BenchException;
import dev.bench.core.report.Slo;
import dev.bench.core.report.SweepReport.Step;
import dev.bench.core.results.RunFiles;
import org.HdrHistogram.Histogram;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** Judges one sweep step from its results: sojourn of all ops against the SLO, achieved against target. */
final class SweepStep {

    private SweepStep() {
    }

    static Step judge(int number, double target, RunFiles run, Slo slo, double ratio, String directory) {
        JsonNode s = run.summary();
        JsonNode integrity = s.path("integrity");
        if (integrity.path("checked").asBoolean(false) && !integrity.path("ok").asBoolean(true)) {
            throw new BenchException("step " + number + ": the database disagreed with the client ("
                    + integrity.path("verdict").asText() + "); sweep stopped");
        }
        Histogram sojourn = new Histogram(3);
        for (RunFiles.Phase p : run.phases()) {
            for (String kind : run.kinds()) {
                sojourn.add(p.latency().total(kind + ".sojourn"));
            }
        }
        JsonNode throughput = s.has("throughput") ? s.path("throughput") : s.path("phases").path(0).path("throughput");
        double achieved = throughput.path("actual_ops_per_s").asDouble(0);
        double[] ms = {at(sojourn, 50), at(sojourn, 99), at(sojourn, 99.9)};
        List<String> broken = new ArrayList<>();
        if (!throughput.path("completed_as_planned").asBoolean(true)) {
            broken.add("stopped early");
        }
        // offered: what the schedule generated in the window (Poisson arrivals wander around the target)
        double offered = throughput.path("generated_ops_per_s").asDouble(target);
        if (achieved < ratio * offered) {
            broken.add(String.format(Locale.ROOT, "achieved %.1f %% of offered", achieved / offered * 100));
        }
        for (Slo.Limit limit : slo.limits()) {
            double actual = at(sojourn, limit.percentile());
            if (!(actual <= limit.limitMs())) {
                broken.add(limit + " broken (" + ms(actual) + " ms)");
            }
        }
        return new Step(number, target, achieved, ms, broken.isEmpty(), broken.isEmpty() ? "ok" : String.join("; ", broken),
                directory);
    }

    private static double at(Histogram h, double percentile) {
        return h.getTotalCount() == 0 ? Double.NaN : h.getValueAtPercentile(percentile) / 1e6;
    }

    static String ms(double v) {
        return Double.isFinite(v) ? String.format(Locale.ROOT, "%.3f", v) : "-";
    }
}
