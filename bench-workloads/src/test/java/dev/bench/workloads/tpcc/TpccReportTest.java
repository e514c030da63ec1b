package dev.bench.workloads.tpcc;

import dev.bench.core.RunConfig;
import dev.bench.core.metrics.KindStats;
import dev.bench.core.metrics.Outcomes;
import dev.bench.core.metrics.RunInfo;
import dev.bench.core.metrics.RunResult;
import dev.bench.workloads.sysbench.QueryCounts;
import dev.bench.workloads.sysbench.ThreadFairness;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class TpccReportTest {

    /** 10 s, 600 New-Orders (6 rolled back) at 2 ms and 600 Payments at 4 ms, 2 workers. */
    private static RunResult result() {
        List<KindStats> kinds = new ArrayList<>();
        String[] names = {"new-order", "payment", "order-status", "delivery", "stock-level"};
        for (int k = 0; k < names.length; k++) {
            Histogram h = new Histogram(3);
            if (k < 2) {
                h.recordValueWithCount((k + 1) * 2_000_000L, 600);
            }
            kinds.add(new KindStats(names[k], h, h.copy(), new Outcomes(k == 0 ? 6 : 0, 0, k == 1 ? 30 : 0, 0)));
        }
        RunConfig config = RunConfig.builder().threads(2).build();
        return new RunResult(new RunInfo(config, List.of(names), 0), kinds, new long[5], 10_000_000_000L,
                10_000_000_000L, 0, null, false);
    }

    @Test
    void sysbenchLayoutWithTpmC() {
        QueryCounts q = new QueryCounts(100, 100, 1);
        ThreadFairness fairness = new ThreadFairness(2);
        fairness.record(0, 3_000_000_000L);
        fairness.record(1, 1_000_000_000L);
        List<String> lines = TpccReport.render(result(), q, fairness, 95).lines().toList();
        assertTrue(lines.contains("        read:                            100"), lines.toString());
        assertTrue(lines.contains("        total:                           201"), lines.toString());
        assertTrue(lines.contains("    transactions:                        1200   (120.00 per sec.)"), lines.toString());
        assertTrue(lines.contains("    ignored errors:                      30     (3.00 per sec.)"), lines.toString());
        assertTrue(lines.contains("    total time:                          10.0000s"), lines.toString());
        assertTrue(lines.contains("         avg:                                    3.00"), lines.toString());
        assertTrue(lines.contains("         95th percentile:                        4.00"), lines.toString());
        assertTrue(lines.contains("    events (avg/stddev):           1.0000/0.00"), lines.toString());
        assertTrue(lines.contains("    execution time (avg/stddev):   2.0000/1.00"), lines.toString());
        assertTrue(lines.contains("    tpmC (New-Orders per minute):        3564.00"), "594 committed in 10 s: " + lines);
        assertTrue(lines.contains("    new-order rollbacks (1%, expected):  6"), lines.toString());
        assertEquals(53, lines.stream().filter(l -> l.startsWith("         max:")).findFirst().orElseThrow().length());
    }

    @Test
    void tpmCCountsOnlyCommittedNewOrders() {
        assertEquals(594 * 6.0, TpccReport.tpmC(result()), 1e-9);
    }
}
