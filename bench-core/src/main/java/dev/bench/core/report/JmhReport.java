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
     * Text table of B against A: score change in percent, and "beyond noise" when the two 99.9 %
     * confidence intervals do not overlap (JMH's own error; no error known means no verdict).
     */
    public static String compare(String labelA, List<Result> a, String labelB, List<Result> b) {
        return compare(labelA, a, labelB, b, RegressionGate.DEFAULT);
    }

    /** Like {@link #compare(String, List, String, List)}, closing with the regression gate's lines. */
    public static String compare(String labelA, List<Result> a, String labelB, List<Result> b, RegressionGate gate) {
        StringBuilder out = new StringBuilder();
        List<String> worse = new ArrayList<>();
        List<String> regressions = new ArrayList<>();
        List<String> unjudged = new ArrayList<>();
        out.append(String.format(Locale.ROOT, "%-40s %-24s %14s %14s %9s  %s%n", "benchmark", "params",
                labelA, labelB, "change", "verdict"));
        for (Result ra : a) {
            Result rb = b.stream().filter(o -> o.key().equals(ra.key())).findFirst().orElse(null);
            if (rb == null) {
                out.append(String.format(Locale.ROOT, "%-40s %-24s %14s %14s %9s  %s%n", ra.shortName() + " " + ra.mode(),
                        ra.paramText(), number(ra.score()), "-", "-", "only in " + labelA));
                continue;
            }
            double change = (rb.score() - ra.score()) / ra.score() * 100;
            String verdict = verdict(ra, rb);
            String label = ra.shortName() + (ra.paramText().isEmpty() ? "" : " (" + ra.paramText() + ")");
            if (verdict.startsWith("worse")) {
                worse.add(label);
            }
            switch (gate.judge(ra, rb)) {
                case REGRESSION -> regressions.add(String.format(Locale.ROOT, "%s %s", label,
                        Fmt.percent((RegressionGate.median(rb.forks()) - RegressionGate.median(ra.forks()))
                                / RegressionGate.median(ra.forks()) * 100)));
                case TOO_FEW_FORKS -> unjudged.add(label);
                default -> { }
            }
            out.append(String.format(Locale.ROOT, "%-40s %-24s %14s %14s %9s  %s%n", ra.shortName() + " " + ra.mode(),
                    ra.paramText(), number(ra.score()), number(rb.score()), Fmt.percent(change), verdict));
        }
        for (Result rb : b) {
            if (a.stream().noneMatch(o -> o.key().equals(rb.key()))) {
                out.append(String.format(Locale.ROOT, "%-40s %-24s %14s %14s %9s  %s%n", rb.shortName() + " " + rb.mode(),
                        rb.paramText(), "-", number(rb.score()), "-", "only in " + labelB));
            }
        }
        out.append("# worse in ").append(labelB).append(" beyond noise: ").append(worse.isEmpty() ? "none" : String.join(", ", worse))
                .append('\n');
        out.append(gate.summary(labelB, regressions, unjudged));
        return out.toString();
    }

    /** The benchmarks the gate flags in B against A. */
    public static List<String> regressions(List<Result> a, List<Result> b, RegressionGate gate) {
        List<String> flagged = new ArrayList<>();
        for (Result ra : a) {
            b.stream().filter(o -> o.key().equals(ra.key())).findFirst()
                    .filter(rb -> gate.judge(ra, rb) == RegressionGate.Verdict.REGRESSION)
                    .ifPresent(rb -> flagged.add(ra.shortName() + (ra.paramText().isEmpty() ? "" : " (" + ra.paramText() + ")")));
        }
        return flagged;
    }

    /**
     * Whether B differs from A beyond noise (the 99.9 % confidence intervals don't overlap), and which
     * way: throughput is better higher, every other mode (time per op) better lower.
     */
    static String verdict(Result a, Result b) {
        if (!Double.isFinite(a.error()) || !Double.isFinite(b.error())) {
            return "no error estimate";
        }
        boolean apart = a.score() + a.error() < b.score() - b.error() || b.score() + b.error() < a.score() - a.error();
        if (!apart) {
            return "within noise";
        }
        boolean higher = b.score() > a.score();
        return (higher == "thrpt".equals(a.mode()) ? "better" : "worse") + ", beyond noise";
    }

    private static String number(double v) {
        if (!Double.isFinite(v)) {
            return "-";
        }
        return String.format(Locale.ROOT, Math.abs(v) >= 100 ? "%,.0f" : Math.abs(v) >= 1 ? "%.2f" : "%.4g", v);
    }
}
