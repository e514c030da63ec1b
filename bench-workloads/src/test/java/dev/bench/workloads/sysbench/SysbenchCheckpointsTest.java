package dev.bench.workloads.sysbench;

import dev.bench.core.BenchException;
import dev.bench.core.RunConfig;
import dev.bench.core.metrics.IntervalSnapshot;
import dev.bench.core.metrics.KindStats;
import dev.bench.core.metrics.LatencyCollector;
import dev.bench.core.metrics.Outcomes;
import dev.bench.core.metrics.RunInfo;
import dev.bench.core.metrics.RunResult;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * --report-checkpoints on the engine's intervals: each checkpoint reports what came since the previous one, and
 * the final report what came after the last, so the reports add up to the run.
 */
class SysbenchCheckpointsTest {

    private static final long SECOND = 1_000_000_000L;

    @Test
    void theListIsSysbenchsSortedWithItsErrors() {
        assertEquals(List.of(1L, 2L, 5L), SysbenchCheckpoints.parse("5,1,2"));
        assertEquals(List.of(), SysbenchCheckpoints.parse(""));
        assertEquals("Report checkpoint(s) at 1, 2 seconds", SysbenchCheckpoints.headerLine(List.of(1L, 2L)));
        assertEquals("Invalid value for --report-checkpoints: 'x'",
                assertThrows(BenchException.class, () -> SysbenchCheckpoints.parse("1,x")).getMessage());
        assertEquals("Invalid value for --report-checkpoints: '-1'",
                assertThrows(BenchException.class, () -> SysbenchCheckpoints.parse("-1")).getMessage());
        String tooMany = "1,".repeat(SysbenchCheckpoints.MAX) + "1";
        assertEquals("Too many checkpoints in --report-checkpoints (up to 256 can be defined)",
                assertThrows(BenchException.class, () -> SysbenchCheckpoints.parse(tooMany)).getMessage());
    }

    @Test
    void eachReportCoversTheTimeSinceThePreviousOneAndTheyAddUpToTheRun() {
        QueryCounters counters = new QueryCounters();
        ThreadFairness fairness = new ThreadFairness(1);
        SysbenchCheckpoints checkpoints = new SysbenchCheckpoints(List.of(1L, 2L), counters, fairness, 95);
        StringWriter text = new StringWriter();
        SysbenchIntervalLines lines = new SysbenchIntervalLines(new PrintWriter(text), counters, "banner",
                RunConfig.builder().threads(1).build(), 0, 95, false, checkpoints);
        lines.onStart(new RunInfo(RunConfig.builder().threads(1).build(), List.of("transaction"), 0));
        int[] perSecond = {100, 300, 50};
        Histogram all = LatencyCollector.newHistogram();
        for (int s = 0; s < perSecond.length; s++) {
            counters.add(perSecond[s] * 14L, perSecond[s] * 4L, perSecond[s] * 2L);
            for (int i = 0; i < perSecond[s]; i++) {
                fairness.record(0, (s + 1) * 1_000_000L);
            }
            IntervalSnapshot interval = interval(s, perSecond[s], (s + 1) * 1_000_000L);
            all.add(interval.kinds().get(0).sojourn());
            lines.onInterval(interval);
        }
        String out = text.toString();
        assertTrue(out.contains("Report checkpoint(s) at 1, 2 seconds\n"), out);
        assertEquals(List.of("[ 1s ] Checkpoint report:", "[ 2s ] Checkpoint report:"),
                out.lines().filter(l -> l.endsWith("Checkpoint report:")).toList());
        assertEquals(List.of(100L, 300L), numbers(out, "    total number of events:\\s+(\\d+)"));
        assertEquals(List.of(300L * 20), numbers(out.substring(out.indexOf("[ 2s ]")), "        total:\\s+(\\d+)"));
        assertTrue(out.contains("         max:                                    2.00\n"), "the second's latency alone: " + out);

        KindStats tx = new KindStats("transaction", all, all.copy(), Outcomes.NONE);
        RunResult result = new RunResult(new RunInfo(RunConfig.builder().build(), List.of("transaction"), 0),
                List.of(tx), new long[] {450}, 3 * SECOND, 3 * SECOND, 0, null, false);
        String last = SysbenchReport.report(checkpoints.sinceLast(result, counters.snapshot()), 95);
        assertTrue(last.contains("    transactions:                        50     (50.00 per sec.)\n"), last);
        assertTrue(last.contains("        total:                           1000\n"), last);
        assertTrue(last.contains("    total time:                          3.0000s\n"), "the run's whole time: " + last);
        assertTrue(last.contains("         min:                                    3.00\n"), last);
        assertTrue(last.contains("    events (avg/stddev):           50.0000/0.00\n"), last);
    }

    @Test
    void withoutACheckpointReachedTheFinalReportIsTheWholeRun() {
        QueryCounters counters = new QueryCounters();
        ThreadFairness fairness = new ThreadFairness(1);
        SysbenchCheckpoints checkpoints = new SysbenchCheckpoints(List.of(60L), counters, fairness, 95);
        IntervalSnapshot interval = interval(0, 10, 1_000_000L);
        checkpoints.print(checkpoints.reach(interval.kinds(), 1), new PrintWriter(new StringWriter()));
        Histogram h = interval.kinds().get(0).sojourn();
        RunResult result = new RunResult(new RunInfo(RunConfig.builder().build(), List.of("transaction"), 0),
                List.of(new KindStats("transaction", h, h.copy(), Outcomes.NONE)), new long[] {10}, SECOND, SECOND, 0, null, false);
        assertEquals(SysbenchReport.finalReport(result, QueryCounts.ZERO, fairness, 95),
                SysbenchReport.report(checkpoints.sinceLast(result, QueryCounts.ZERO), 95));
    }

    private static IntervalSnapshot interval(int second, int events, long latencyNanos) {
        Histogram h = LatencyCollector.newHistogram();
        h.recordValueWithCount(latencyNanos, events);
        KindStats kind = new KindStats("transaction", h, h.copy(), Outcomes.NONE);
        return new IntervalSnapshot(second * SECOND, (second + 1) * SECOND, false, 0, List.of(kind));
    }

    private static List<Long> numbers(String text, String regex) {
        Matcher m = Pattern.compile(regex).matcher(text);
        List<Long> found = new java.util.ArrayList<>();
        while (m.find()) {
            found.add(Long.parseLong(m.group(1)));
        }
        return found;
    }
}
