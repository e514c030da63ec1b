package dev.bench.workloads.sysbench.cpu;

import dev.bench.core.RunConfig;
import dev.bench.workloads.sysbench.QueryCounts;
import dev.bench.workloads.sysbench.SysbenchReport;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The cpu test's lines, character for character as sysbench 1.0.20's (sb_cpu.c and sysbench.c's defaults). */
class CpuFormatTest {

    private final CpuFormat format = new CpuFormat(20000);

    @Test
    void theHeaderNamesThePrimeLimitBeforeTheThreadsStart() {
        RunConfig config = RunConfig.builder().threads(2).targetOpsPerSec(100).seed(5).build();
        assertEquals("Running the test with following options:\nNumber of threads: 2\nTarget transaction rate: 100/sec\n"
                        + "Report intermediate results every 1 second(s)\nReport checkpoint(s) at 3 seconds\n"
                        + "Initializing random number generator from seed (5).\n\n\nPrime numbers limit: 20000\n\n"
                        + "Initializing worker threads...\n\nThreads started!\n\n",
                SysbenchReport.header(null, config, 1, List.of(3L), false, format.modeLines()));
    }

    @Test
    void intermediateLinesAreEventsPerSecondAndTheQueueWithoutTheScriptsComma() {
        assertEquals("[ 4s ] thds: 2 eps: 250.50 lat (ms,95%): 1.25",
                format.intervalLine(4, 2, 501, QueryCounts.ZERO, 0, 0, 95, 1.25, 2));
        assertEquals("[ 4s ] queue length: 17 concurrency: 2", format.queueLine(4, 17, 2));
    }

    @Test
    void theReportIsCpuSpeedThenSysbenchsCommonBlocks() {
        Histogram latency = new Histogram(3);
        latency.recordValue(2_000_000);
        SysbenchReport.Totals t = new SysbenchReport.Totals(0.5, 2, 1, QueryCounts.ZERO, 0, 0, latency,
                new double[] {1}, new double[] {0.002});
        String report = format.report(t, 95);
        assertTrue(report.startsWith("CPU speed:\n    events per second:     2.00\n\nGeneral statistics:\n"
                + "    total time:                          2.0000s\n    total number of events:              1\n"), report);
        assertTrue(report.endsWith("    events (avg/stddev):           1.0000/0.00\n"
                + "    execution time (avg/stddev):   0.0020/0.00\n\n"), report);
    }
}
