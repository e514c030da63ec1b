package dev.bench.core.report;

import dev.bench.core.BenchException;
import dev.bench.core.Schedule;
import dev.bench.core.WorkerSchedule;
import dev.bench.core.results.IntervalRow;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The load over time of one phase, all kinds together: the scheduled rate (intervals.csv's
 * {@code scheduled_ops_per_s}) beside the achieved one, with the schedule's segments shaded and named
 * (warmup shaded before 0). Only phases with a schedule have one: open loop (a constant rate is one), or a
 * closed loop on a schedule of worker counts (achieved only, its segments shaded).
 */
final class LoadChart {

    private LoadChart() {
    }

    /**
     * @param scheduleSpec the phase's schedule as summary.json wrote it, or empty for a constant rate
     * @param workerSpec   a closed loop's schedule of worker counts as summary.json wrote it, or empty
     * @return the chart, or null when the phase scheduled nothing (a plain closed loop, or a file from before the column)
     */
    static Map<String, Object> of(String title, List<IntervalRow> rows, String scheduleSpec, String workerSpec) {
        TreeMap<Double, double[]> byEnd = new TreeMap<>(); // end -> {achieved, scheduled}
        for (IntervalRow r : rows) {
            double[] v = byEnd.computeIfAbsent(Spectrum.round(r.endS()), x -> new double[] {0, Double.NaN});
            v[0] += r.opsPerS();
            v[1] = r.scheduledOpsPerS();
        }
        boolean workers = workerSpec != null && !workerSpec.isEmpty();
        if (!workers && byEnd.values().stream().allMatch(v -> Double.isNaN(v[1]))) {
            return null;
        }
        List<double[]> achieved = new ArrayList<>();
        List<double[]> scheduled = new ArrayList<>();
        byEnd.forEach((x, v) -> {
            achieved.add(new double[] {x, Spectrum.round(v[0])});
            if (!Double.isNaN(v[1])) {
                scheduled.add(new double[] {x, Spectrum.round(v[1])});
            }
        });
        Map<String, Object> c = new LinkedHashMap<>();
        c.put("kind", "load");
        c.put("title", workers ? "load over time: achieved, all kinds, on a schedule of worker counts" : title);
        c.put("series", workers ? List.of(RunReport.series("achieved ops/s", achieved))
                : List.of(RunReport.series("scheduled ops/s", scheduled), RunReport.series("achieved ops/s", achieved)));
        c.put("bands", bands(workers ? workerSegments(workerSpec) : rateSegments(scheduleSpec)));
        return c;
    }

    /** Each segment's length and label; none for a constant rate or a summary edited by hand (lines without bands). */
    private static List<Map.Entry<Double, String>> rateSegments(String spec) {
        if (spec == null || spec.isEmpty()) {
            return List.of();
        }
        try {
            return Schedule.parse("schedule", spec).segments().stream().map(s -> Map.entry(s.seconds(), s.toString())).toList();
        } catch (BenchException e) {
            return List.of();
        }
    }

    private static List<Map.Entry<Double, String>> workerSegments(String spec) {
        try {
            return WorkerSchedule.parse("worker_schedule", spec).segments().stream()
                    .map(s -> Map.entry(s.seconds(), s.toString())).toList();
        } catch (BenchException e) {
            return List.of();
        }
    }

    /** One band per segment: from, to (s from the window's start) and its spec as the name. */
    private static List<Map<String, Object>> bands(List<Map.Entry<Double, String>> segments) {
        List<Map<String, Object>> bands = new ArrayList<>();
        double from = 0;
        for (Map.Entry<Double, String> s : segments) {
            Map<String, Object> band = new LinkedHashMap<>();
            band.put("from", Spectrum.round(from));
            band.put("to", Spectrum.round(from + s.getKey()));
            band.put("label", s.getValue());
            bands.add(band);
            from += s.getKey();
        }
        return bands;
    }
}
