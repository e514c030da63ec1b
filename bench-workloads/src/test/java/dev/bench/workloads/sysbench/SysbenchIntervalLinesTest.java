package dev.bench.workloads.sysbench;

import dev.bench.core.RunConfig;
import dev.bench.core.metrics.IntervalSnapshot;
import dev.bench.core.metrics.KindStats;
import dev.bench.core.metrics.LatencyCollector;
import dev.bench.core.metrics.Outcomes;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** sysbench's intermediate lines from the engine's one-second intervals, summed over --report-interval. */
class SysbenchIntervalLinesTest {

    private static final long SECOND = 1_000_000_000L;

    @Test
    void sumsIntervalsIntoOneLinePerReportInterval() {
        String lines = run(RunConfig.builder().threads(8).build());
        assertEquals("[ 2s ] thds: 8 tps: 400.00 qps: 1500.00 (r/w/o: 1000.00/400.00/100.00)"
                + " lat (ms,95%): 5.00 err/s: 1.50 reconn/s: 0.50", lines);
    }

    @Test
    void rateModeAddsSysbenchsQueueLine() {
        String lines = run(RunConfig.builder().threads(8).targetOpsPerSec(500).build());
        assertEquals("[ 2s ] thds: 8 tps: 400.00 qps: 1500.00 (r/w/o: 1000.00/400.00/100.00)"
                + " lat (ms,95%): 5.00 err/s: 1.50 reconn/s: 0.50\n"
                + "[ 2s ] queue length: 17, concurrency: 8", lines);
    }

    /** Two one-second intervals of 400 transactions each, with 3000 statements counted between them. */
    private static String run(RunConfig config) {
        StringWriter text = new StringWriter();
        QueryCounters counters = new QueryCounters();
        SysbenchIntervalLines lines = new SysbenchIntervalLines(new PrintWriter(text), counters, "banner", config, 2, 95);
        lines.onInterval(interval(0, 3, 1));
        counters.add(2000, 800, 200);
        lines.onInterval(interval(1, 0, 0).withQueue(17, 8));
        return text.toString().strip().replace(System.lineSeparator(), "\n");
    }

    private static IntervalSnapshot interval(int second, long retries, long reconnects) {
        Histogram h = LatencyCollector.newHistogram();
        for (int i = 0; i < 400; i++) {
            h.recordValue(i < 350 ? 1_000_000 : 5_000_000);
        }
        KindStats kind = new KindStats("new-order", h, h.copy(), new Outcomes(0, 0, retries, reconnects));
        return new IntervalSnapshot(second * SECOND, (second + 1) * SECOND, false, 0, List.of(kind));
    }
}
