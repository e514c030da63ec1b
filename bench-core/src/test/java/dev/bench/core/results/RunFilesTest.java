package dev.bench.core.results;

import dev.bench.core.metrics.IntervalSnapshot;
import dev.bench.core.metrics.KindStats;
import dev.bench.core.metrics.Outcomes;
import dev.bench.core.metrics.RunInfo;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Results directories written by the run's own writers, read back; and merged. */
class RunFilesTest {

    private static final long T0 = 1_800_000_000_000L;

    /** One phase's files: {@code intervals} one-second intervals, interval i's ops all taking {@code (i+1) * micros}. */
    private static void phase(Path dir, long startMs, int intervals, int ops, long micros) throws Exception {
        phase(dir, startMs, intervals, ops, micros, 0);
    }

    /** As above, then a last interval of {@code sliverNs} (under a millisecond: a client stopping just after a tick) with {@code ops} ops. */
    private static void phase(Path dir, long startMs, int intervals, int ops, long micros, long sliverNs) throws Exception {
        Files.createDirectories(dir);
        try (IntervalCsvWriter csv = new IntervalCsvWriter(dir.resolve(ResultsDirectory.INTERVALS));
             LatencyLogWriter hlog = new LatencyLogWriter(dir.resolve(ResultsDirectory.HLOG))) {
            hlog.onStart(new RunInfo(null, List.of("get"), startMs));
            for (int i = 0; i < intervals; i++) {
                Histogram h = new Histogram(3);
                h.recordValueWithCount((i + 1) * micros * 1000, ops);
                IntervalSnapshot s = new IntervalSnapshot(i * 1_000_000_000L, (i + 1) * 1_000_000_000L, false, 0,
                        List.of(new KindStats("get", h, h, new Outcomes(0, 0, i, 0))));
                csv.onInterval(s);
                hlog.onInterval(s);
            }
            if (sliverNs > 0) {
                Histogram h = new Histogram(3);
                h.recordValueWithCount(micros * 1000, ops);
                long at = intervals * 1_000_000_000L;
                IntervalSnapshot s = new IntervalSnapshot(at, at + sliverNs, false, 0, List.of(new KindStats("get", h, h, new Outcomes(0, 0, 0, 0))));
                csv.onInterval(s);
                hlog.onInterval(s);
            }
        }
    }

    private static void summary(Path dir, long completed, boolean ok) {
        ResultsJson.write(dir.resolve(ResultsDirectory.SUMMARY), Map.of("workload", "kv", "acknowledged", completed,
                "integrity", Map.of("checked", true, "ok", ok, "verdict", ok ? "ok" : "mismatch"),
                "throughput", Map.of("completed_ops", completed, "actual_ops_per_s", completed / 3.0),
                "ops", Map.of("get", Map.of("completed", completed, "retries", 3))));
    }

    @Test
    void readsPhasesInTheSummarysOrder(@TempDir Path tmp) throws Exception {
        phase(tmp.resolve("01-load"), T0, 2, 10, 100);
        phase(tmp.resolve("02-run"), T0 + 5000, 3, 10, 200);
        ResultsJson.write(tmp.resolve(ResultsDirectory.SUMMARY), Map.of("workload", "tao",
                "phases", List.of(Map.of("name", "run", "directory", "02-run"), Map.of("name", "load", "directory", "01-load"))));
        RunFiles run = RunFiles.read(tmp);

        assertEquals(List.of("02-run", "01-load"), run.phases().stream().map(RunFiles.Phase::name).toList());
        assertEquals(List.of("get"), run.kinds());
        RunFiles.Phase first = run.phases().get(0);
        assertEquals(3, first.intervals().size());
        IntervalRow last = first.intervals().get(2);
        assertEquals(2.0, last.startS());
        assertEquals(2, last.retries());
        assertEquals(600, last.sojournUs()[IntervalRow.P99], 1);
        assertEquals(30, first.latency().total("get.sojourn").getTotalCount());
        assertEquals(T0 + 5000, first.latency().startMs());
        assertEquals(1000, first.latency().intervalMs());
    }

    @Test
    void mergeAlignsClientsByWallClockAndAddsExactly(@TempDir Path tmp) throws Exception {
        phase(tmp.resolve("a"), T0, 3, 10, 100);           // intervals at T0+0s, +1s, +2s
        phase(tmp.resolve("b"), T0 + 1000, 3, 5, 100);     // started one interval later: +1s, +2s, +3s
        summary(tmp.resolve("a"), 30, true);
        summary(tmp.resolve("b"), 15, true);

        RunFiles merged = new RunMerger(List.of(RunFiles.read(tmp.resolve("a")), RunFiles.read(tmp.resolve("b"))))
                .writeTo(tmp.resolve("m"));

        List<IntervalRow> rows = merged.phases().get(0).intervals();
        assertEquals(List.of(10L, 15L, 15L, 5L), rows.stream().map(IntervalRow::completed).toList());
        assertEquals(List.of(0.0, 1.0, 2.0, 3.0), rows.stream().map(IntervalRow::startS).toList());
        assertEquals(List.of(0L, 1L, 3L, 2L), rows.stream().map(IntervalRow::retries).toList(), "outcomes follow their interval");
        // interval 1: a's ten ops at 200 µs and b's five at 100 µs
        assertEquals(200, rows.get(1).sojournUs()[IntervalRow.P50], 1);
        assertEquals(45, merged.summary().path("ops").path("get").path("completed").asLong());
        assertEquals(6, merged.summary().path("ops").path("get").path("retries").asLong());
        assertEquals(45, merged.summary().path("acknowledged").asLong(), "top-level counts add up");
        assertEquals(45, merged.summary().path("ops").path("get").path("sojourn_us").path("count").asLong());
        assertEquals(300, merged.summary().path("ops").path("get").path("sojourn_us").path("max").asDouble(), 1);
        assertTrue(merged.summary().path("integrity").path("ok").asBoolean());
    }

    /** CI once merged two vote clients into an interval 2.000..2.000 s with ops_per_s NaN: one client's last interval was a sliver. */
    @Test
    void aSliverAtTheEndFoldsIntoTheIntervalBeforeItCountsAndAll(@TempDir Path tmp) throws Exception {
        phase(tmp.resolve("a"), T0, 2, 10, 100);
        phase(tmp.resolve("b"), T0, 2, 10, 100, 400_000); // then 10 more ops in 0.4 ms at 2.000 s
        summary(tmp.resolve("a"), 20, true);
        summary(tmp.resolve("b"), 20, true);

        RunFiles merged = new RunMerger(List.of(RunFiles.read(tmp.resolve("a")), RunFiles.read(tmp.resolve("b"))))
                .writeTo(tmp.resolve("m"));

        List<IntervalRow> rows = merged.phases().get(0).intervals();
        assertEquals(List.of(0.0, 1.0), rows.stream().map(IntervalRow::startS).toList(), "no interval starts at 2.000 s");
        assertEquals(List.of(20L, 30L), rows.stream().map(IntervalRow::completed).toList(), "the sliver's 10 ops kept, in the last interval");
        rows.forEach(r -> assertTrue(Double.isFinite(r.opsPerS()) && r.endS() > r.startS(), r.toString()));
        assertEquals(50, merged.phases().get(0).latency().total("get.sojourn").getTotalCount());
    }

    @Test
    void oneClientsMismatchFailsTheMergedIntegrity(@TempDir Path tmp) throws Exception {
        phase(tmp.resolve("a"), T0, 2, 10, 100);
        phase(tmp.resolve("b"), T0, 2, 10, 100);
        summary(tmp.resolve("a"), 20, true);
        summary(tmp.resolve("b"), 20, false);
        RunFiles merged = new RunMerger(List.of(RunFiles.read(tmp.resolve("a")), RunFiles.read(tmp.resolve("b"))))
                .writeTo(tmp.resolve("m"));
        assertFalse(merged.summary().path("integrity").path("ok").asBoolean());
        assertTrue(merged.summary().path("integrity").path("verdict").asText().startsWith("1 of 2 clients ok"));
    }
}
