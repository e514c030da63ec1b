package dev.bench.core.report;

import dev.bench.core.metrics.IntervalSnapshot;
import dev.bench.core.metrics.KindStats;
import dev.bench.core.metrics.Outcomes;
import dev.bench.core.metrics.RunInfo;
import dev.bench.core.results.LatencyLogWriter;
import dev.bench.core.results.IntervalCsvWriter;
import dev.bench.core.results.Percentiles;
import dev.bench.core.results.ResultsJson;
import org.HdrHistogram.Histogram;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * Writes a results directory with the run's own writers and known contents: per interval and kind,
 * {@code opsPerInterval} latencies drawn from a seeded exponential around {@code meanMicros}.
 */
final class SyntheticRun {

    static final List<String> KINDS = List.of("read", "write");

    private SyntheticRun() {
    }

    /** @return per kind, the sojourn histogram of every sample written */
    static Map<String, Histogram> write(Path dir, long startEpochMs, int intervals, int opsPerInterval, double meanMicros,
                                        long seed) throws Exception {
        Files.createDirectories(dir);
        Random random = new Random(seed);
        Map<String, Histogram> all = new LinkedHashMap<>();
        KINDS.forEach(k -> all.put(k, new Histogram(3)));
        Map<String, Histogram> allService = new LinkedHashMap<>();
        KINDS.forEach(k -> allService.put(k, new Histogram(3)));
        try (IntervalCsvWriter csv = new IntervalCsvWriter(dir.resolve("intervals.csv"));
             LatencyLogWriter hlog = new LatencyLogWriter(dir.resolve("latency.hlog"))) {
            hlog.onStart(new RunInfo(null, KINDS, startEpochMs));
            for (int i = 0; i < intervals; i++) {
                List<KindStats> kinds = new ArrayList<>();
                for (String kind : KINDS) {
                    Histogram sojourn = new Histogram(3);
                    Histogram service = new Histogram(3);
                    for (int op = 0; op < opsPerInterval; op++) {
                        long ns = (long) (-Math.log(1 - random.nextDouble()) * meanMicros * 1e3) + 1000;
                        sojourn.recordValue(ns);
                        service.recordValue(ns / 2);
                    }
                    all.get(kind).add(sojourn);
                    allService.get(kind).add(service);
                    kinds.add(new KindStats(kind, sojourn, service, i % 600 == 7 ? new Outcomes(0, 0, 1, 0) : Outcomes.NONE));
                }
                IntervalSnapshot s = new IntervalSnapshot(i * 1_000_000_000L, (i + 1) * 1_000_000_000L, false, 0, kinds);
                csv.onInterval(s);
                hlog.onInterval(s);
            }
        }
        Map<String, Object> summary = new LinkedHashMap<>();
        summary.put("workload", "synthetic");
        summary.put("options", Map.of("url", "jdbc:postgresql://h/db?user=u&password=hunter2", "password", "hunter2"));
        summary.put("integrity", Map.of("checked", true, "ok", true, "verdict", "ok: synthetic"));
        summary.put("run", Map.of("runtime_s", (double) intervals, "report_interval_s", 1.0, "seed", seed));
        Map<String, Object> ops = new LinkedHashMap<>();
        for (String kind : KINDS) {
            Map<String, Object> k = new LinkedHashMap<>();
            k.put("completed", all.get(kind).getTotalCount());
            k.put("retries", (long) ((intervals + 592) / 600));
            k.put("sojourn_us", Percentiles.micros(all.get(kind)));
            k.put("service_us", Percentiles.micros(allService.get(kind)));
            ops.put(kind, k);
        }
        summary.put("ops", ops);
        ResultsJson.write(dir.resolve("summary.json"), summary);
        return all;
    }
}
