package dev.bench.workloads.ycsb;

import dev.bench.core.metrics.IntervalSnapshot;
import dev.bench.core.metrics.KindStats;
import dev.bench.core.metrics.Outcomes;
import dev.bench.core.metrics.RunInfo;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code -s}'s status lines: a run counts ops; a load counts the records its statements carried, as [OVERALL] does. */
class YcsbStatusLinesTest {

    private static final long SECOND = 1_000_000_000L;

    /** An interval of {@code statements} inserts of 2 ms each. */
    private static IntervalSnapshot interval(int second, int statements) {
        Histogram h = new Histogram(3);
        h.recordValueWithCount(2_000_000, statements);
        return new IntervalSnapshot(second * SECOND, (second + 1) * SECOND, false, 0,
                List.of(new KindStats("insert", h, h, new Outcomes(0, 0, 0, 0))));
    }

    @Test
    void aLoadCountsRecordsNotStatements() {
        StringWriter text = new StringWriter();
        AtomicLong records = new AtomicLong();
        YcsbStatusLines lines = new YcsbStatusLines(new PrintWriter(text), 1, records::get);
        lines.onStart(new RunInfo(null, List.of("insert"), 0));
        records.set(3000);
        lines.onInterval(interval(0, 3));     // three COPY statements of 1000 records
        records.set(5000);
        lines.onInterval(interval(1, 2));
        String[] printed = text.toString().split("\n");
        assertTrue(printed[0].contains(" 1 sec: 3000 operations; 3000 current ops/sec; [INSERT: Count=3,"), printed[0]);
        assertTrue(printed[1].contains(" 2 sec: 5000 operations; 2000 current ops/sec; [INSERT: Count=2,"), printed[1]);
    }

    @Test
    void aRunCountsTheEnginesOps() {
        StringWriter text = new StringWriter();
        YcsbStatusLines lines = new YcsbStatusLines(new PrintWriter(text), 1, null);
        lines.onStart(new RunInfo(null, List.of("insert"), 0));
        lines.onInterval(interval(0, 3));
        lines.onInterval(interval(1, 2));
        String[] printed = text.toString().split("\n");
        assertTrue(printed[0].contains(" 1 sec: 3 operations; 3 current ops/sec; "), printed[0]);
        assertTrue(printed[1].contains(" 2 sec: 5 operations; 2 current ops/sec; "), printed[1]);
    }
}
