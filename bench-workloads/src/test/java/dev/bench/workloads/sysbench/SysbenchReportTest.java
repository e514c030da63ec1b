package dev.bench.workloads.sysbench;

import dev.bench.core.RunConfig;
import dev.bench.core.metrics.KindStats;
import dev.bench.core.metrics.LatencyCollector;
import dev.bench.core.metrics.Outcomes;
import dev.bench.core.metrics.RunInfo;
import dev.bench.core.metrics.RunResult;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The layouts, against lines copied from sysbench 1.0.20's own output (this VM, and the spec). */
class SysbenchReportTest {

    @Test
    void intervalLineMatchesSysbench() {
        QueryCounts q = new QueryCounts(98021, 28006, 14003);
        assertEquals("[ 10s ] thds: 8 tps: 700.20 qps: 14003.00 (r/w/o: 9802.10/2800.60/1400.30) lat (ms,95%): 24.83 err/s: 0.20 reconn/s: 0.00",
                SysbenchReport.intervalLine(10, 8, 7002, q, 2, 0, 95, 24.83, 10.0));
        assertEquals("[ 3s ] queue length: 0, concurrency: 1", SysbenchReport.queueLine(3, 0, 1));
    }

    @Test
    void finalReportMatchesSysbenchLayout() {
        Histogram h = LatencyCollector.newHistogram();
        for (int i = 0; i < 1623; i++) {
            h.recordValue(i == 0 ? 820_000 : i == 1 ? 103_910_000 : 3_700_000);
        }
        KindStats tx = new KindStats("transaction", h, h.copy(), new Outcomes(0, 0, 23, 0)); // 23 retries: the ignored errors
        RunResult result = new RunResult(new RunInfo(RunConfig.builder().build(), List.of("transaction"), 0),
                List.of(tx), new long[] {1623}, 3_000_000_000L, 3_008_500_000L, 0, null, false);
        ThreadFairness fairness = new ThreadFairness(2);
        for (int i = 0; i < 1623; i++) {
            fairness.record(i < 733 ? 0 : 1, 1_848_000);
        }
        String report = SysbenchReport.finalReport(result, new QueryCounts(23044, 6494, 3336), fairness, 95);
        String expected = """
                SQL statistics:
                    queries performed:
                        read:                            23044
                        write:                           6494
                        other:                           3336
                        total:                           32874
                    transactions:                        1623   (539.47 per sec.)
                    queries:                             32874  (10927.04 per sec.)
                    ignored errors:                      23     (7.65 per sec.)
                    reconnects:                          0      (0.00 per sec.)

                General statistics:
                    total time:                          3.0085s
                    total number of events:              1623

                Latency (ms):
                         min:                                    0.82
                         avg:                                    3.76
                         max:                                  103.94
                         95th percentile:                        3.70
                         sum:                                 6101.96

                Threads fairness:
                    events (avg/stddev):           811.5000/78.50
                    execution time (avg/stddev):   1.4997/0.15

                """;
        assertEquals(expected, report);
    }

    @Test
    void aRunStoppedAtEightSecondsOfSixtyDividesByTheEight() {
        Histogram h = LatencyCollector.newHistogram();
        h.recordValueWithCount(5_000_000, 3200);
        KindStats tx = new KindStats("transaction", h, h.copy(), Outcomes.NONE);
        // the engine's window after a stop runs until the stop (EngineStopTest)
        long window = 8_000_000_000L;
        RunResult result = new RunResult(new RunInfo(RunConfig.builder().threads(2).build(), List.of("transaction"), 0),
                List.of(tx), new long[] {3200}, window, 8_000_000_000L, 0, "interrupted", true);
        List<String> lines = SysbenchReport.finalReport(result, QueryCounts.ZERO, new ThreadFairness(2), 95)
                .lines().toList();
        assertTrue(lines.contains("    total time:                          8.0000s"), lines.toString());
        assertTrue(lines.contains("    transactions:                        3200   (400.00 per sec.)"), lines.toString());
    }
}
