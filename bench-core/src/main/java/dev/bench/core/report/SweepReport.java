package dev.bench.core.report;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The sweep's own report: the latency-throughput curve (sojourn p50, p99, p99.9 against achieved
 * throughput, one point per step) with the SLO drawn in, and a table of the steps.
 */
public final class SweepReport {

    /**
     * One step of a sweep.
     *
     * @param sojournMs p50, p99, p99.9 of all ops' sojourn times
     * @param verdict   "ok" or why the step broke the SLO
     */
    public record Step(int number, double targetOpsPerS, double achievedOpsPerS, double[] sojournMs, boolean ok,
                       String verdict, String directory) {
    }

    private SweepReport() {
    }

    public static HtmlPage page(String title, Slo slo, double achievedRatio, List<Step> steps, Step best) {
        HtmlPage page = new HtmlPage(title);
        page.paragraph(best == null
                ? "no step met the SLO (" + slo + ", achieved ≥ " + Math.round(achievedRatio * 100) + " % of offered)"
                : "highest sustainable throughput: " + Fmt.count(Math.round(best.achievedOpsPerS())) + " ops/s (target "
                        + Fmt.count(best.targetOpsPerS()) + "), SLO " + slo, best == null ? "bad" : "ok");
        List<Step> byRate = new ArrayList<>(steps);
        byRate.sort(Comparator.comparingDouble(Step::targetOpsPerS));
        String[] labels = {"sojourn p50", "sojourn p99", "sojourn p99.9"};
        List<Map<String, Object>> series = new ArrayList<>();
        for (int i = 0; i < labels.length; i++) {
            int metric = i;
            series.add(RunReport.series(labels[i], byRate.stream()
                    .map(s -> new double[] {Spectrum.round(s.achievedOpsPerS()), Spectrum.round(s.sojournMs()[metric])}).toList()));
        }
        Map<String, Object> chart = new LinkedHashMap<>();
        chart.put("kind", "curve");
        chart.put("title", "latency against throughput");
        chart.put("series", series);
        chart.put("logY", true);
        double maxX = byRate.stream().mapToDouble(Step::achievedOpsPerS).max().orElse(1);
        Slo.Limit strictest = slo.limits().stream().min(Comparator.comparingDouble(Slo.Limit::limitMs)).orElseThrow();
        chart.put("slo", Map.of("label", strictest.toString(),
                "points", List.of(new double[] {0, strictest.limitMs()}, new double[] {maxX, strictest.limitMs()})));
        page.chart(chart);
        List<List<String>> table = new ArrayList<>();
        table.add(List.of("step", "target ops/s", "achieved ops/s", "sojourn p50 ms", "p99", "p99.9", "verdict", "results"));
        for (Step s : steps) {
            table.add(List.of(String.valueOf(s.number()), Fmt.count(s.targetOpsPerS()), Fmt.count(Math.round(s.achievedOpsPerS())),
                    Fmt.ms(s.sojournMs()[0]), Fmt.ms(s.sojournMs()[1]), Fmt.ms(s.sojournMs()[2]), s.verdict(), s.directory()));
        }
        page.table(table);
        return page;
    }
}
