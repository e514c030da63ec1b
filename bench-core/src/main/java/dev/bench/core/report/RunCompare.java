package dev.bench.core.report;

import com.fasterxml.jackson.databind.JsonNode;
import dev.bench.core.Secrets;
import dev.bench.core.results.ClientCostReport;
import dev.bench.core.results.RunFiles;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * {@code bench compare A B [C...]}: per op kind, throughput and sojourn p50/p99/p99.9/max of each run
 * beside the first, the change in percent and whether it is beyond the runs' interval-to-interval
 * noise ({@link Noise}); what differs between the runs' workloads and options is said first.
 */
public final class RunCompare {

    private final List<RunFiles> runs;
    private final List<String> labels;

    public RunCompare(List<RunFiles> runs) {
        this.runs = List.copyOf(runs);
        this.labels = runs.stream().map(r -> r.dir().getFileName().toString()).toList();
    }

    /** Kinds of the first run, then kinds only later runs have. */
    private List<String> kinds() {
        List<String> kinds = new ArrayList<>();
        for (RunFiles r : runs) {
            r.kinds().stream().filter(k -> !kinds.contains(k)).forEach(kinds::add);
        }
        return kinds;
    }

    /** "key: a | b" lines for every summary setting that is not the same in all runs. */
    public List<String> differences() {
        List<Map<String, String>> settings = runs.stream().map(RunCompare::settings).toList();
        Map<String, Boolean> keys = new LinkedHashMap<>();
        settings.forEach(s -> s.keySet().forEach(k -> keys.put(k, true)));
        List<String> lines = new ArrayList<>();
        for (String key : keys.keySet()) {
            List<String> values = settings.stream().map(s -> s.getOrDefault(key, "(none)")).toList();
            if (values.stream().distinct().count() > 1) {
                lines.add(key + ": " + String.join(" | ", values));
            }
        }
        return lines;
    }

    private static Map<String, String> settings(RunFiles run) {
        Map<String, String> flat = new LinkedHashMap<>();
        JsonNode s = run.summary();
        flat.put("workload", run.workload());
        for (Iterator<Map.Entry<String, JsonNode>> it = s.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            if (e.getValue().isValueNode() && !e.getKey().equals("workload")) {
                flat.put(e.getKey(), e.getValue().asText());
            }
        }
        for (String section : List.of("options", "run")) {
            s.path(section).fields().forEachRemaining(e -> flat.put(section + "." + e.getKey(),
                    Secrets.isSecretName(e.getKey()) ? Secrets.MASK : Secrets.maskUrl(e.getValue().asText())));
        }
        flat.remove("options.results");
        return flat;
    }

    public String text() {
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < runs.size(); i++) {
            out.append(i == 0 ? "# A = " : "# " + (char) ('A' + i) + " = ").append(runs.get(i).dir()).append('\n');
        }
        List<String> diffs = differences();
        out.append(diffs.isEmpty() ? "# same workload and options\n" : "# differs:\n");
        diffs.forEach(d -> out.append("#   ").append(d).append('\n'));
        for (String kind : kinds()) {
            out.append('\n').append(kind).append('\n');
            for (List<String> row : table(kind)) {
                out.append(String.format(Locale.ROOT, "%-18s", row.get(0)));
                for (int c = 1; c < row.size(); c++) {
                    out.append(String.format(Locale.ROOT, " %13s", row.get(c)));
                }
                out.append('\n');
            }
        }
        List<List<String>> client = clientRows();
        if (!client.isEmpty()) {
            out.append("\nclient\n");
            for (List<String> row : client) {
                out.append(String.format(Locale.ROOT, "%-18s", row.get(0)));
                row.subList(1, row.size()).forEach(c -> out.append(String.format(Locale.ROOT, " %13s", c)));
                out.append('\n');
            }
        }
        return out.toString();
    }

    /**
     * What the client cost in each run beside the first's (summary.json's "client", one-phase runs):
     * CPU µs per op and schedule lag; no rows when no run has the figures.
     */
    List<List<String>> clientRows() {
        List<JsonNode> client = runs.stream().map(r -> r.summary().path(ClientCostReport.KEY)).toList();
        if (client.stream().noneMatch(JsonNode::isObject)) {
            return List.of();
        }
        List<List<String>> rows = new ArrayList<>();
        List<String> header = new ArrayList<>(List.of("", "A"));
        for (int i = 1; i < runs.size(); i++) {
            header.addAll(List.of(String.valueOf((char) ('A' + i)), "change"));
        }
        rows.add(header);
        rows.add(clientRow("cpu us/op", client, c -> c.path("cpu_us_per_op")));
        rows.add(clientRow("lag mean ms", client, c -> c.path("schedule_lag_us").path("mean")));
        rows.add(clientRow("lag p99 ms", client, c -> c.path("schedule_lag_us").path("p99")));
        return rows;
    }

    private static List<String> clientRow(String metric, List<JsonNode> client, java.util.function.Function<JsonNode, JsonNode> figure) {
        boolean lag = metric.startsWith("lag");
        double[] v = client.stream().map(figure).mapToDouble(n -> n.isNumber() ? n.asDouble() / (lag ? 1e3 : 1) : Double.NaN).toArray();
        List<String> row = new ArrayList<>(List.of(metric, Fmt.ms(v[0])));
        for (int i = 1; i < v.length; i++) {
            row.add(Fmt.ms(v[i]));
            row.add(Fmt.percent((v[i] - v[0]) / v[0] * 100));
        }
        return row;
    }

    /** Rows of metric, A, then per later run: value, change, verdict. */
    List<List<String>> table(String kind) {
        List<KindFigures> figures = runs.stream().map(r -> KindFigures.of(r, kind)).toList();
        List<List<String>> rows = new ArrayList<>();
        List<String> header = new ArrayList<>(List.of("", "A"));
        for (int i = 1; i < runs.size(); i++) {
            String name = String.valueOf((char) ('A' + i));
            header.addAll(List.of(name, "change", name + " vs A"));
        }
        rows.add(header);
        for (int m = 0; m < KindFigures.METRICS.size(); m++) {
            List<String> row = new ArrayList<>();
            row.add(KindFigures.METRICS.get(m));
            KindFigures a = figures.get(0);
            row.add(value(m, a.whole()[m]));
            for (int i = 1; i < figures.size(); i++) {
                KindFigures b = figures.get(i);
                row.add(value(m, b.whole()[m]));
                row.add(Fmt.percent((b.whole()[m] - a.whole()[m]) / a.whole()[m] * 100));
                row.add(Noise.judge(a.perInterval().get(m), b.perInterval().get(m)).toString());
            }
            rows.add(row);
        }
        return rows;
    }

    private static String value(int metric, double v) {
        return metric == 0 ? Fmt.count(Math.round(v * 10) / 10.0) : Fmt.ms(v);
    }

    public HtmlPage page() {
        HtmlPage page = new HtmlPage("bench compare: " + String.join(" · ", labels));
        List<List<String>> legend = new ArrayList<>();
        legend.add(List.of("run", "results directory"));
        for (int i = 0; i < runs.size(); i++) {
            legend.add(List.of(String.valueOf((char) ('A' + i)), runs.get(i).dir().toString()));
        }
        page.table(legend);
        List<String> diffs = differences();
        page.paragraph(diffs.isEmpty() ? "same workload and options" : "differs: " + String.join("; ", diffs), "note");
        for (String kind : kinds()) {
            page.heading(2, kind);
            page.table(table(kind));
            List<Map<String, Object>> series = new ArrayList<>();
            for (int i = 0; i < runs.size(); i++) {
                KindFigures f = KindFigures.of(runs.get(i), kind);
                if (f.sojourn().getTotalCount() > 0) {
                    series.add(RunReport.series((char) ('A' + i) + " " + labels.get(i) + " sojourn", Spectrum.points(f.sojourn())));
                }
            }
            if (!series.isEmpty()) {
                page.chart(RunReport.spectrum(kind + ": sojourn by percentile", series));
            }
        }
        List<List<String>> client = clientRows();
        if (!client.isEmpty()) {
            page.heading(2, "client");
            page.table(client);
        }
        page.paragraph("A change is beyond noise when the middle halves of the two runs' per-interval values "
                + "do not overlap.", "note");
        return page;
    }
}
