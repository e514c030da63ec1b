package dev.bench.core.results;

import dev.bench.core.metrics.IntervalSnapshot;
import dev.bench.core.metrics.KindStats;
import dev.bench.core.metrics.Outcomes;
import dev.bench.core.metrics.RunInfo;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The totals read by adding compressed counts directly equal HdrHistogram's own decoding, exactly. */
class LatencyLogReaderTest {

    @Test
    void totalsEqualHdrHistogramsOwnReader(@TempDir Path tmp) throws Exception {
        Path file = tmp.resolve("latency.hlog");
        Random random = new Random(7);
        long start = 1_800_000_000_123L;
        try (LatencyLogWriter hlog = new LatencyLogWriter(file)) {
            hlog.onStart(new RunInfo(null, List.of("a", "b"), start));
            for (int i = 0; i < 50; i++) {
                Histogram a = new Histogram(3);
                Histogram b = new Histogram(3);
                for (int op = 0; op < 500; op++) {
                    a.recordValue((long) Math.exp(random.nextDouble() * 23));   // 1 ns .. ~10 s: every bucket range
                    b.recordValue(1000 + random.nextInt(5000));
                }
                hlog.onInterval(new IntervalSnapshot(i * 1_000_000_000L, (i + 1) * 1_000_000_000L, false, 0,
                        List.of(new KindStats("a", a, b, Outcomes.NONE), new KindStats("b", b, a, Outcomes.NONE))));
            }
        }
        Map<String, Histogram> reference = new LinkedHashMap<>();
        try (HistogramLogReader reader = new HistogramLogReader(file.toFile())) {
            for (EncodableHistogram h = reader.nextIntervalHistogram(); h != null; h = reader.nextIntervalHistogram()) {
                reference.computeIfAbsent(h.getTag(), t -> new Histogram(3)).add((Histogram) h);
            }
        }
        LatencyLogReader log = LatencyLogReader.read(file);
        assertEquals(List.of("a", "b"), log.kinds());
        for (String tag : List.of("a.sojourn", "a.service", "b.sojourn", "b.service")) {
            assertEquals(reference.get(tag), log.total(tag), tag);
            assertEquals(reference.get(tag).getMaxValue(), log.total(tag).getMaxValue(), tag);
        }
        assertEquals(start, log.startMs());
        assertEquals(1000, log.intervalMs());
    }
}
