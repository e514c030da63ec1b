package dev.bench.core.report;

import dev.bench.core.report.JmhResults.Result;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * JMH results in the same style as a run's report: a table, and a bar chart per benchmark (one bar
 * per parameter set) with JMH's 99.9 % error bars; {@link #compare} puts two files side by side.
 */
public final class JmhReport {

    private JmhReport() {
    }

    /** Writes FILE.html beside the JMH JSON FILE.json. */
    public static Path write(Path json) {
        String name = json.getFileName().toString().replaceFirst("\\.json$", "");
        Path out = json.resolveSibling(name + ".html");
        return page("JMH " + json.getFileName(), List.of(name), List.of(JmhResults.read(json))).write(out);
    }

    /** @param runs one result list per file, labelled; bars of the same benchmark are grouped */
    public static HtmlPage page(String title, List<String> labels, List<List<Result>> runs) {
        HtmlPage page = new HtmlPage(title);
        List<List<String>> table = new ArrayList<>();
        table.add(List.of("benchmark", "params", "mode", "file", "score", "± error (99.9 %)", "unit"));
        for (int f = 0; f < runs.size(); f++) {
            for (Result r : runs.get(f)) {
                table.add(List.of(r.shortName(), r.paramText(), r.mode(), labels.get(f), number(r.score()),
                        number(r.error()), r.unit()));
            }
        }
        page.table(table);
        for (Map.Entry<String, List<Result>> bench : byBenchmark(runs.get(0)).entrySet()) {
            page.chart(bars(bench.getKey(), bench.getValue(), labels, runs));
        }
        return page;
    }

    private static Map<String, List<Result>> byBenchmark(List<Result> results) {
        Map<String, List<Result>> by = new LinkedHashMap<>();
        for (Result r : results) {
            by.computeIfAbsent(r.shortName() + " (" + r.mode() + ")", k -> new ArrayList<>()).add(r);
        }
        return by;
    }

    private static Map<String, Object> bars(String title, List<Result> first, List<String> labels, List<List<Result>> runs) {
        List<String> barLabels = first.stream().map(r -> r.paramText().isEmpty() ? "-" : r.paramText()).toList();
        List<Map<String, Object>> series = new ArrayList<>();
        for (int f = 0; f < runs.size(); f++) {
            List<Double> values = new ArrayList<>();
            List<Double> errors = new ArrayList<>();
            for (Result r : first) {
                Result match = runs.get(f).stream().filter(o -> o.key().equals(r.key())).findFirst().orElse(null);
                values.add(match == null ? null : match.score());
                errors.add(match == null || !Double.isFinite(match.error()) ? null : match.error());
            }
            Map<String, Object> s = new LinkedHashMap<>();
            s.put("label", labels.get(f));
            s.put("values", values);
            s.put("errors", errors);
            series.add(s);
        }
        Map<String, Object> c = new LinkedHashMap<>();
        c.put("kind", "bars");
        c.put("title", title);
        c.put("unit", first.get(0).unit());
        c.put("labels", barLabels);
        c.put("series", series);
        return c;
    }

    /**
     * Text table of B against A, judged by the {@link RegressionGate#DEFAULT default gate}: per benchmark
     * the change of the fork scores' geometric mean, the forks each side, and the verdict.
     */
    public static String compare(String labelA, List<Result> a, String labelB, List<Result> b) {
        return compare(labelA, a, labelB, b, RegressionGate.DEFAULT);
    }

    /** Like {@link #compare(String, List, String, List)} with the given gate, closing with its summary lines. */
    public static String compare(String labelA, List<Result> a, String labelB, List<Result> b, RegressionGate gate) {
        StringBuilder out = new StringBuilder();
        List<String> slower = new ArrayList<>();
        List<String> blind = new ArrayList<>();
        List<String> unjudged = new ArrayList<>();
        int judged = 0;
        String row = "%-40s %-24s %14s %14s %9s %5s  %s%n";
        out.append(String.format(Locale.ROOT, row, "benchmark", "params", labelA, labelB, "change", "forks", "verdict"));
        List<Result> matchedA = a.stream().filter(ra -> find(b, ra) != null).toList();
        List<Result> matchedB = matchedA.stream().map(ra -> find(b, ra)).toList();
        List<RegressionGate.Judgement> judgements = gate.judge(matchedA, matchedB);
        for (Result ra : a) {
            int i = matchedA.indexOf(ra);
            if (i < 0) {
                out.append(String.format(Locale.ROOT, row, ra.shortName() + " " + ra.mode(), ra.paramText(),
                        number(ra.score()), "-", "-", "-", "only in " + labelA));
                continue;
            }
            Result rb = matchedB.get(i);
            RegressionGate.Judgement j = judgements.get(i);
            String label = label(ra);
            switch (j.verdict()) {
                case TOO_FEW_FORKS -> unjudged.add(label);
                case SLOWER -> slower.add(label + " " + Fmt.percent(j.changePercent()));
                default -> { }
            }
            if (j.verdict() != RegressionGate.Verdict.TOO_FEW_FORKS) {
                judged++;
                if (!j.couldSee(20)) {
                    blind.add(label);
                }
            }
            out.append(String.format(Locale.ROOT, row, ra.shortName() + " " + ra.mode(), ra.paramText(),
                    number(ra.score()), number(rb.score()), Double.isNaN(j.changePercent()) ? "-" : Fmt.percent(j.changePercent()),
                    ra.forks().size() + "/" + rb.forks().size(), j.text()));
        }
        for (Result rb : b) {
            if (find(a, rb) == null) {
                out.append(String.format(Locale.ROOT, row, rb.shortName() + " " + rb.mode(), rb.paramText(),
                        "-", number(rb.score()), "-", "-", "only in " + labelB));
            }
        }
        out.append(gate.summary(labelB, judged, slower, blind, unjudged));
        return out.toString();
    }

    /** The benchmarks the gate flags as slower beyond noise in B against A. */
    public static List<String> regressions(List<Result> a, List<Result> b, RegressionGate gate) {
        List<Result> matchedA = a.stream().filter(ra -> find(b, ra) != null).toList();
        List<RegressionGate.Judgement> judgements = gate.judge(matchedA, matchedA.stream().map(ra -> find(b, ra)).toList());
        List<String> flagged = new ArrayList<>();
        for (int i = 0; i < matchedA.size(); i++) {
            if (judgements.get(i).verdict() == RegressionGate.Verdict.SLOWER) {
                flagged.add(label(matchedA.get(i)));
            }
        }
        return flagged;
    }

    private static Result find(List<Result> results, Result like) {
        return results.stream().filter(o -> o.key().equals(like.key())).findFirst().orElse(null);
    }

    private static String label(Result r) {
        return r.shortName() + (r.paramText().isEmpty() ? "" : " (" + r.paramText() + ")");
    }

    private static String number(double v) {
        if (!Double.isFinite(v)) {
            return "-";
        }
        return String.format(Locale.ROOT, Math.abs(v) >= 100 ? "%,.0f" : Math.abs(v) >= 1 ? "%.2f" : "%.4g", v);
    }
}
