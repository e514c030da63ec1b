package dev.bench.core.report;

import dev.bench.core.BenchException;
import dev.bench.core.Schedule;
import dev.bench.core.results.IntervalRow;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The load over time of one phase, all kinds together: the scheduled rate (intervals.csv's
 * {@code scheduled_ops_per_s}) beside the achieved one, with the schedule's segments shaded and named
 * (warmup shaded before 0). Only open-loop phases have one: closed loop has no schedule.
 */
final class LoadChart {

    private LoadChart() {
    }

    /**
     * @param scheduleSpec the phase's schedule as summary.json wrote it, or empty for a constant rate
     * @return the chart, or null when the phase scheduled nothing (closed loop, or a file from before the column)
     */
    static Map<String, Object> of(String title, List<IntervalRow> rows, String scheduleSpec) {
        TreeMap<Double, double[]> byEnd = new TreeMap<>(); // end -> {achieved, scheduled}
        for (IntervalRow r : rows) {
            double[] v = byEnd.computeIfAbsent(Spectrum.round(r.endS()), x -> new double[] {0, Double.NaN});
            v[0] += r.opsPerS();
            v[1] = r.scheduledOpsPerS();
        }
        if (byEnd.values().stream().allMatch(v -> Double.isNaN(v[1]))) {
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
        c.put("title", title);
        c.put("series", List.of(RunReport.series("scheduled ops/s", scheduled), RunReport.series("achieved ops/s", achieved)));
        c.put("bands", bands(scheduleSpec));
        return c;
    }

    /** One band per segment of the schedule: from, to (s from the window's start) and its spec as the name. */
    private static List<Map<String, Object>> bands(String scheduleSpec) {
        List<Map<String, Object>> bands = new ArrayList<>();
        if (scheduleSpec == null || scheduleSpec.isEmpty()) {
            return bands;
        }
        Schedule schedule;
        try {
            schedule = Schedule.parse("schedule", scheduleSpec);
        } catch (BenchException e) {
            return bands; // a summary edited by hand: draw the lines without the bands
        }
        double from = 0;
        for (Schedule.Segment s : schedule.segments()) {
            Map<String, Object> band = new LinkedHashMap<>();
            band.put("from", Spectrum.round(from));
            band.put("to", Spectrum.round(from + s.seconds()));
            band.put("label", s.toString());
            bands.add(band);
            from += s.seconds();
        }
        return bands;
    }
}
