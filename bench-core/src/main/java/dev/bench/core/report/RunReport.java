package dev.bench.core.report;

import com.fasterxml.jackson.databind.JsonNode;
import dev.bench.core.results.ClientCostReport;
import dev.bench.core.results.IntervalRow;
import dev.bench.core.results.RunFiles;
import dev.bench.core.results.Unavailability;
import dev.bench.core.results.RunFiles.Phase;
import org.HdrHistogram.Histogram;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * report.html of one results directory: per phase the load over time (scheduled and achieved, open
 * loop), per op kind the sojourn and service spectra (queueing is the gap between them) and throughput,
 * p50 and p99 over time; then the run's options, environment and integrity verdict.
 */
public final class RunReport {

    public static final String FILE = "report.html";

    private RunReport() {
    }

    /** Writes DIR/report.html and returns its path. */
    public static Path write(RunFiles run) {
        return page(run).write(run.dir().resolve(FILE));
    }

    public static HtmlPage page(RunFiles run) {
        JsonNode s = run.summary();
        HtmlPage page = new HtmlPage("bench " + run.workload() + " · " + run.dir().getFileName());
        verdict(page, s);
        if (s.has("ops")) {
            page.table(SummaryTables.opsTable(s.path("ops")));
        }
        for (Phase phase : run.phases()) {
            JsonNode numbers = s;
            if (!phase.name().isEmpty()) {
                JsonNode entry = phaseEntry(s, phase.name());
                numbers = entry;
                page.heading(2, "Phase " + entry.path("name").asText(phase.name()));
                verdict(page, entry);
                if (entry.has("ops")) {
                    page.table(SummaryTables.opsTable(entry.path("ops")));
                }
            }
            Map<String, Object> load = LoadChart.of("load over time: scheduled and achieved, all kinds", phase.intervals(),
                    numbers.path("run").path("schedule").asText(""), numbers.path("run").path("worker_schedule").asText(""));
            if (load != null) {
                page.chart(load);
            }
            for (String kind : run.kinds()) {
                page.heading(3, kind);
                Histogram sojourn = phase.latency().total(kind + ".sojourn");
                Histogram service = phase.latency().total(kind + ".service");
                if (sojourn.getTotalCount() > 0) {
                    page.chart(spectrum(kind + ": latency by percentile", List.of(
                            series("sojourn (from intended start)", Spectrum.points(sojourn)),
                            series("service (from send)", Spectrum.points(service)))));
                }
                List<IntervalRow> rows = phase.intervals().stream().filter(r -> r.kind().equals(kind)).toList();
                if (!rows.isEmpty()) {
                    page.chart(timeline(kind + ": throughput and sojourn over time", rows, unavailable(numbers)));
                }
            }
        }
        SummaryTables.details(page, s);
        return page;
    }

    /** The summary's "phases" entry written for this phase's subdirectory (empty if none). */
    private static JsonNode phaseEntry(JsonNode summary, String directory) {
        for (JsonNode p : summary.path("phases")) {
            if (directory.equals(p.path("directory").asText())) {
                return p;
            }
        }
        return com.fasterxml.jackson.databind.node.MissingNode.getInstance();
    }

    private static void verdict(HtmlPage page, JsonNode s) {
        JsonNode integrity = s.path("integrity");
        if (!integrity.isMissingNode()) {
            boolean ok = integrity.path("ok").asBoolean(false);
            page.paragraph("integrity: " + integrity.path("verdict").asText(ok ? "ok" : "not ok"), ok ? "ok" : "bad");
        }
        String stop = s.path("throughput").path("stop_reason").asText("");
        if (!stop.isEmpty() && !"null".equals(stop)) {
            page.paragraph("stopped early: " + stop, "bad");
        }
        clientCost(page, s.path(ClientCostReport.KEY));
    }

    /** What the client cost, and whether it was the bottleneck (summary.json's "client"). */
    private static void clientCost(HtmlPage page, JsonNode c) {
        if (!c.isObject()) {
            return;
        }
        JsonNode lag = c.path("schedule_lag_us");
        page.paragraph(String.format(java.util.Locale.ROOT, "client: cpu %.2f s user + %.2f s system over %.1f s "
                + "(%.0f%% of %d cores), %s µs/op; GC pauses %d, %d ms total, %d ms max; schedule lag mean %s ms, "
                + "p99 %s ms, max %s ms", c.path("cpu_user_s").asDouble(), c.path("cpu_system_s").asDouble(),
                c.path("span_s").asDouble(), c.path("cpu_utilisation").asDouble() * 100, c.path("cores").asInt(),
                c.path("cpu_us_per_op").isNumber() ? Fmt.ms(c.path("cpu_us_per_op").asDouble()) : "-",
                c.path("gc_pauses").asLong(), c.path("gc_pause_total_ms").asLong(), c.path("gc_pause_max_ms").asLong(),
                Fmt.ms(lag.path("mean").asDouble() / 1e3), Fmt.ms(lag.path("p99").asDouble() / 1e3),
                Fmt.ms(lag.path("max").asDouble() / 1e3)), "note");
        if (c.path("client_bound").asBoolean(false)) {
            page.paragraph("the client was the bottleneck: its CPU was near all its cores; these figures measured "
                    + "the tool, not the server", "bad");
        }
    }

    static Map<String, Object> spectrum(String title, List<Map<String, Object>> series) {
        Map<String, Object> c = new LinkedHashMap<>();
        c.put("kind", "spectrum");
        c.put("title", title);
        c.put("unit", "ms");
        c.put("series", series);
        return c;
    }

    static Map<String, Object> series(String label, List<double[]> points) {
        Map<String, Object> s = new LinkedHashMap<>();
        s.put("label", label);
        s.put("points", points);
        return s;
    }

    /**
     * The windows writes were unavailable (summary.json's unavailability), as bands on the time charts;
     * one that never ended reaches the chart's right edge.
     */
    static List<Map<String, Object>> unavailable(JsonNode numbers) {
        List<Map<String, Object>> bands = new ArrayList<>();
        for (JsonNode w : numbers.path(Unavailability.KEY).path("windows")) {
            Map<String, Object> band = new LinkedHashMap<>();
            band.put("from", w.path("start_s").asDouble());
            band.put("to", w.path("end_s").isNumber() ? w.path("end_s").asDouble() : Double.MAX_VALUE);
            band.put("label", String.format(java.util.Locale.ROOT, "writes unavailable %.3f s", w.path("length_s").asDouble()));
            band.put("color", "rgba(214,39,40,0.18)");
            bands.add(band);
        }
        return bands;
    }

    static Map<String, Object> timeline(String title, List<IntervalRow> rows, List<Map<String, Object>> bands) {
        List<double[]> ops = new ArrayList<>();
        List<double[]> p50 = new ArrayList<>();
        List<double[]> p99 = new ArrayList<>();
        List<Map<String, Object>> marks = new ArrayList<>();
        for (IntervalRow r : rows) {
            double x = Spectrum.round(r.endS());
            ops.add(new double[] {x, Spectrum.round(r.opsPerS())});
            p50.add(new double[] {x, Spectrum.round(r.sojournUs()[IntervalRow.P50] / 1e3)});
            p99.add(new double[] {x, Spectrum.round(r.sojournUs()[IntervalRow.P99] / 1e3)});
            if (r.trouble() > 0) {
                marks.add(Map.of("x", x, "y", Spectrum.round(r.opsPerS()), "note", "failed " + r.failed()
                        + ", retries " + r.retries() + ", reconnects " + r.reconnects()));
            }
        }
        Map<String, Object> c = new LinkedHashMap<>();
        c.put("kind", "timeline");
        c.put("title", title);
        c.put("throughput", ops);
        c.put("latency", List.of(series("sojourn p50", p50), series("sojourn p99", p99)));
        c.put("marks", marks);
        c.put("bands", bands);
        return c;
    }
}
