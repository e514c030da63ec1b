package dev.bench.workloads.tao;

import dev.bench.core.RunConfig;
import dev.bench.core.metrics.KindStats;
import dev.bench.core.metrics.Outcomes;
import dev.bench.core.metrics.RunInfo;
import dev.bench.core.metrics.RunResult;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** TAOBench's exact layout, from a result whose numbers are known (to HdrHistogram's 3 digits). */
class TaoReportTest {

    private static final long MICRO = 1_000;

    @Test
    void rendersTaoBenchsLayoutWithCategoriesInItsOrder() {
        List<KindStats> kinds = new ArrayList<>();
        for (TaoOp op : TaoOp.values()) {
            Histogram h = new Histogram(3);
            Outcomes outcomes = Outcomes.NONE;
            switch (op) {
                case OBJ_READ -> record(h, 100 * MICRO, 300 * MICRO);
                case EDGE_POINT_READ -> record(h, 200 * MICRO);
                case OBJ_ADD -> record(h, 1000 * MICRO);
                case EDGE_UPDATE -> {
                    record(h, 2000 * MICRO);
                    outcomes = new Outcomes(0, 2, 5, 0);
                }
                case READ_TXN -> record(h, 5000 * MICRO);
                default -> { }
            }
            kinds.add(new KindStats(op.configName(), h, h.copy(), outcomes));
        }
        RunConfig config = RunConfig.builder().threads(16).build();
        RunResult result = new RunResult(new RunInfo(config, kinds.stream().map(KindStats::name).toList(), 0), kinds,
                Collections.nCopies(13, 0L), 2_000_000_000L, 2_000_000_000L, 0, null, false);
        TaoCounters counters = new TaoCounters();
        counters.missed(TaoOp.OBJ_READ, 3);

        String report = TaoReport.render(new Experiment(16, 10, 2), result, 0, counters, 12.0);

        assertEquals("""
                Experiment description: 16 threads, 10 seconds (warmup), 2 seconds (experiment)
                Total runtime (sec): 12
                Runtime excluding warmup (sec): 2
                Total completed operations excluding warmup: 6
                Throughput excluding warmup: 3
                Number of overtime operations: 0
                Number of failed operations: 2
                6 operations; [INSERT: Count=1 Max=1000.45 Min=999.94 Avg=1000.19] \
                [READ: Count=3 Max=300.03 Min=99.97 Avg=199.97] [UPDATE: Count=1 Max=2000.90 Min=1999.87 Avg=2000.38] \
                [READTRANSACTION: Count=1 Max=5001.22 Min=4997.12 Avg=4999.17] \
                [WRITE: Count=2 Max=2000.90 Min=999.94 Avg=1500.29]
                Number of read misses: 3
                Number of writes that changed nothing: 0
                Number of retries: 5
                """, report);
    }

    @Test
    void overtimeCountsOpsLaterThanTheSloInOpenLoop() {
        List<KindStats> kinds = new ArrayList<>();
        for (TaoOp op : TaoOp.values()) {
            Histogram h = new Histogram(3);
            if (op == TaoOp.OBJ_READ) {
                record(h, 10 * MICRO, 20 * MICRO, 500 * MICRO, 900 * MICRO);
            }
            kinds.add(new KindStats(op.configName(), h, h.copy(), Outcomes.NONE));
        }
        RunConfig config = RunConfig.builder().threads(2).targetOpsPerSec(100).build();
        RunResult result = new RunResult(new RunInfo(config, kinds.stream().map(KindStats::name).toList(), 0), kinds,
                Collections.nCopies(13, 0L), 1_000_000_000L, 1_000_000_000L, 0, null, false);
        String report = TaoReport.render(new Experiment(2, 0, 1), result, 100 * MICRO, new TaoCounters(), 1.0);
        assertEquals("Number of overtime operations: 2", report.lines().filter(l -> l.contains("overtime")).findFirst().orElseThrow());
    }

    private static void record(Histogram h, long... nanos) {
        for (long n : nanos) {
            h.recordValue(n);
        }
    }
}
