package dev.bench.core.results;

import dev.bench.core.metrics.IntervalSnapshot;
import dev.bench.core.metrics.KindStats;
import dev.bench.core.metrics.LatencyCollector;
import dev.bench.core.metrics.Outcomes;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** intervals.csv written and read back: fixed decimals, and a kind name with a comma or quote survives. */
class IntervalCsvTest {

    @Test
    void rowsRoundTripAndOddKindNamesAreQuoted(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("intervals.csv");
        Histogram h = LatencyCollector.newHistogram();
        h.recordValue(2_000_000);
        try (IntervalCsvWriter csv = new IntervalCsvWriter(file)) {
            csv.onInterval(new IntervalSnapshot(-1_000_000_000L, 0, true, 0,
                    List.of(new KindStats("read", h, h.copy(), new Outcomes(0, 0, 0, 0)))));
            csv.onInterval(new IntervalSnapshot(0, 1_000_000_000L, false, 3_500_000,
                    List.of(new KindStats("new-order, \"remote\"", h, h.copy(), new Outcomes(1, 2, 3, 4)))));
        }
        List<String> lines = Files.readAllLines(file);
        assertEquals(String.join(",", IntervalCsvWriter.COLUMNS), lines.get(0));
        assertTrue(lines.get(1).startsWith("-1.000,0.000,warmup,read,1,1.00,0,0,0,0,2000.9,"), lines.get(1));
        assertTrue(lines.get(2).contains(",\"new-order, \"\"remote\"\"\","), lines.get(2));

        List<IntervalRow> rows = IntervalCsvReader.read(file);
        assertEquals(2, rows.size());
        assertTrue(rows.get(0).warmup());
        IntervalRow second = rows.get(1);
        assertEquals("new-order, \"remote\"", second.kind());
        assertEquals(1, second.completed());
        assertEquals(9, second.trouble(), "failed + retries + reconnects");
        assertEquals(3.5, second.lagMs(), 1e-9);
        assertArrayEquals(rows.get(0).sojournUs(), second.sojournUs());
    }
}
