package dev.bench.core.results.verify;

import dev.bench.core.BenchException;
import dev.bench.core.results.HandMadeRun;
import dev.bench.core.results.ResultsDirectory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static dev.bench.core.results.HandMadeRun.block;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Each invariant broken once in a hand-made directory: exactly its line(s), and nothing else. */
class ResultsVerifierTest {

    private static List<String> broken(Path... dirs) {
        return ResultsVerifier.verify(List.of(dirs)).broken();
    }

    private static void assertOneLine(List<String> lines, String... parts) {
        assertEquals(1, lines.size(), String.join("\n", lines));
        for (String part : parts) {
            assertTrue(lines.get(0).contains(part), lines.get(0));
        }
    }

    @Test
    void aConsistentRunHoldsEveryInvariant(@TempDir Path tmp) throws Exception {
        HandMadeRun.run(tmp, 3);
        Findings f = ResultsVerifier.verify(List.of(tmp));
        assertEquals(List.of(), f.broken());
        assertTrue(f.checked() > 20, "checked " + f.checked());
    }

    @Test
    void aSummaryCountTheFilesDontHoldIsOneLine(@TempDir Path tmp) throws Exception {
        Map<String, Object> s = HandMadeRun.run(tmp, 3);
        block(block(s, "ops"), "get").put("completed", 301);
        block(s, "throughput").put("completed_ops", 301);
        block(s, "throughput").put("actual_ops_per_s", 301 / 3.0);
        HandMadeRun.write(tmp, s);
        assertOneLine(broken(tmp), "get: completed counts differ", "summary.json completed 301", "intervals.csv measured rows 300");
    }

    /** KindRecorder's defect: an op's sojourn in one interval, its service in the next; the totals still agree. */
    @Test
    void anOpSplitBetweenTwoIntervalsBreaksBoth(@TempDir Path tmp) throws Exception {
        HandMadeRun.run(tmp, 3);
        for (String f : List.of(ResultsDirectory.INTERVALS, ResultsDirectory.HLOG)) {
            Files.delete(tmp.resolve(f));
        }
        HandMadeRun.files(tmp, 0, new long[] {101, 99, 100}, new long[] {100, 100, 100});
        List<String> lines = broken(tmp);
        assertEquals(2, lines.size(), String.join("\n", lines));
        assertTrue(lines.get(0).contains("interval 0.000..1.000 s, get: intervals.csv completed 101, "
                + "latency.hlog sojourn 101, service 100"), lines.get(0));
        assertTrue(lines.get(1).contains("interval 1.000..2.000 s, get: intervals.csv completed 99, "
                + "latency.hlog sojourn 99, service 100"), lines.get(1));
    }

    /** The rate divided by the configured 10 s while 3 s were measured. */
    @Test
    void aRateOverAnotherDurationThanTheWindowIsOneLine(@TempDir Path tmp) throws Exception {
        Map<String, Object> s = HandMadeRun.run(tmp, 3);
        block(s, "throughput").put("generated_ops_per_s", 30.0);
        HandMadeRun.write(tmp, s);
        assertOneLine(broken(tmp), "generated_ops_per_s 30.000 != generated_ops 300 / window_s 3.000 = 100.000");
    }

    /** A Ctrl-C after 3 s of a 10 s run whose window still says 10 s: the window and the offered load are off. */
    @Test
    void theConfiguredWindowAfterAStopIsCaught(@TempDir Path tmp) throws Exception {
        Map<String, Object> s = HandMadeRun.run(tmp, 3);
        block(s, "run").put("runtime_s", 10.0);
        block(s, "throughput").put("window_s", 10.0);
        block(s, "throughput").put("offered_ops", 1000.0);
        block(s, "throughput").put("generated_ops_per_s", 30.0);
        HandMadeRun.write(tmp, s);
        List<String> lines = broken(tmp);
        assertEquals(2, lines.size(), String.join("\n", lines));
        assertTrue(lines.get(0).contains("window_s 10.000 but intervals.csv ends at 3.000 s"), lines.get(0));
        assertTrue(lines.get(1).contains("generated_ops 300 vs offered_ops 1000.0"), lines.get(1));
    }

    /** A low rate's last arrival came 50 ms before the window's end: the run reported until that op completed. */
    @Test
    void aWindowEndingAfterTheLastArrivalHolds(@TempDir Path tmp) throws Exception {
        Map<String, Object> s = HandMadeRun.run(tmp, 3);
        block(s, "run").put("runtime_s", 3.05);
        block(s, "throughput").put("window_s", 3.05);
        block(s, "throughput").put("offered_ops", 305.0);
        block(s, "throughput").put("generated_ops_per_s", 300 / 3.05);
        HandMadeRun.write(tmp, s);
        assertEquals(List.of(), broken(tmp));
    }

    @Test
    void anIntervalRateThatIsNotItsCountIsOneLine(@TempDir Path tmp) throws Exception {
        HandMadeRun.run(tmp, 3);
        rewriteCsv(tmp, "1.000,2.000,measure,get,100,100.00", "1.000,2.000,measure,get,100,98.00");
        assertOneLine(broken(tmp), "interval 1.000..2.000 s, get: ops_per_s 98.00 != completed 100");
    }

    @Test
    void offeredOpsThatAreNotTheSchedulesIntegralAreOneLine(@TempDir Path tmp) throws Exception {
        Map<String, Object> s = HandMadeRun.run(tmp, 3);
        block(s, "throughput").put("offered_ops", 302.0);
        HandMadeRun.write(tmp, s);
        assertOneLine(broken(tmp), "offered_ops 302.0 != the schedule's integral over window_s 3.000 = 300.0");
    }

    @Test
    void generatedFarFromOfferedIsOneLine(@TempDir Path tmp) throws Exception {
        Map<String, Object> s = HandMadeRun.run(tmp, 3);
        block(s, "throughput").put("generated_ops", 450);
        block(s, "throughput").put("generated_ops_per_s", 150.0);
        HandMadeRun.write(tmp, s);
        assertOneLine(broken(tmp), "generated_ops 450 vs offered_ops 300.0", "Poisson");
    }

    @Test
    void uniformArrivalsAllowOneOpPerStream(@TempDir Path tmp) throws Exception {
        Map<String, Object> s = HandMadeRun.run(tmp, 3);
        block(s, "run").put("arrivals", "uniform");
        block(s, "throughput").put("generated_ops", 301);
        block(s, "throughput").put("generated_ops_per_s", 301 / 3.0);
        HandMadeRun.write(tmp, s);
        assertEquals(List.of(), broken(tmp), "one op off");
        block(s, "throughput").put("generated_ops", 302);
        block(s, "throughput").put("generated_ops_per_s", 302 / 3.0);
        HandMadeRun.write(tmp, s);
        assertOneLine(broken(tmp), "generated_ops 302 vs offered_ops 300.0", "uniform");
    }

    @Test
    void aDecreasingPercentileIsOneLine(@TempDir Path tmp) throws Exception {
        Map<String, Object> s = HandMadeRun.run(tmp, 3);
        block(block(block(s, "ops"), "get"), "sojourn_us").put("p99.9", 900.0);
        HandMadeRun.write(tmp, s);
        assertOneLine(broken(tmp), "get sojourn_us: p99 1000.447 µs > p99.9 900.0 µs");

        HandMadeRun.run(tmp.resolve("csv"), 3);
        rewriteCsv(tmp.resolve("csv"), "1.000,2.000,measure,get,100,100.00,0,0,0,0,1000.4,1000.4,1000.4",
                "1.000,2.000,measure,get,100,100.00,0,0,0,0,1000.4,1000.4,1200.0");
        assertOneLine(broken(tmp.resolve("csv")), "interval 1.000..2.000 s, get sojourn: p99 1200.0 µs > p999 1000.4 µs");
    }

    @Test
    void segmentsThatDontAddUpToTheRunAreCaught(@TempDir Path tmp) throws Exception {
        Map<String, Object> s = HandMadeRun.run(tmp, 3);
        s.put("scheduled_phases", List.of("01-a", "02-b"));
        HandMadeRun.write(tmp, s);
        segment(tmp.resolve("01-a"), "a", 0, new long[] {100});
        segment(tmp.resolve("02-b"), "b", 1, new long[] {100, 100});
        assertEquals(List.of(), broken(tmp));

        Path b = tmp.resolve("02-b");
        for (String f : List.of(ResultsDirectory.INTERVALS, ResultsDirectory.HLOG)) {
            Files.delete(b.resolve(f));
        }
        segment(b, "b", 1, new long[] {100});
        List<String> lines = broken(tmp);
        assertEquals(2, lines.size(), String.join("\n", lines));
        assertTrue(lines.get(0).contains("get: the segments' completed (01-a 100 + 02-b 100) add up to 200"), lines.get(0));
        assertTrue(lines.get(1).contains("the segments hold 2 measured interval rows, the run 3"), lines.get(1));
    }

    @Test
    void aMergeWhoseCountsAreNotItsClientsSumIsOneLine(@TempDir Path tmp) throws Exception {
        Path c0 = tmp.resolve("c0");
        Path c1 = tmp.resolve("c1");
        HandMadeRun.run(c0, 3);
        HandMadeRun.run(c1, 3);
        Path m = tmp.resolve("m");
        Map<String, Object> s = HandMadeRun.run(m, 3); // claims 300 where the clients made 600
        block(s, "run").put("clients", 2);
        s.put("clients", List.of(client("run-c0", 300), client("run-c1", 300)));
        HandMadeRun.write(m, s);
        assertOneLine(broken(m), "get: the merge completed 300 but its clients, as its summary lists them, 600");

        List<String> lines = broken(m, c0, c1);
        assertTrue(lines.contains(m + ": get completed 300 != the sum of its clients' 600 (300 + 300)"), String.join("\n", lines));
        assertTrue(lines.contains(m + ": generated_ops 300 != the sum of its clients' 600 (300 + 300)"), String.join("\n", lines));
    }

    /** Two hosts served the run's 300 ops; one op counted on neither is the one line. */
    @Test
    void hostsThatDontAddUpToTheRunAreOneLine(@TempDir Path tmp) throws Exception {
        Map<String, Object> s = HandMadeRun.run(tmp, 3);
        Map<String, Object> hosts = new LinkedHashMap<>();
        hosts.put("a:1", Map.of("ops", HandMadeRun.ops(200)));
        hosts.put("b:2", Map.of("ops", HandMadeRun.ops(100)));
        s.put("hosts", hosts);
        HandMadeRun.write(tmp, s);
        assertEquals(List.of(), broken(tmp));

        hosts.put("b:2", Map.of("ops", HandMadeRun.ops(99)));
        HandMadeRun.write(tmp, s);
        assertOneLine(broken(tmp), "get: the hosts' completed ops add up to 299, the run's are 300");
    }

    @Test
    void aDirectoryWithoutSummaryIsBadInput(@TempDir Path tmp) {
        BenchException e = assertThrows(BenchException.class, () -> ResultsVerifier.verify(List.of(tmp)));
        assertTrue(e.getMessage().contains("is not a results directory"), e.getMessage());
    }

    private static Map<String, Object> client(String runId, long completed) {
        Map<String, Object> c = new LinkedHashMap<>();
        c.put("run_id", runId);
        c.put("completed", Map.of("get", completed));
        return c;
    }

    private static void segment(Path dir, String name, int fromS, long[] counts) throws Exception {
        HandMadeRun.files(dir, fromS, counts, counts);
        long total = java.util.Arrays.stream(counts).sum();
        Map<String, Object> s = new LinkedHashMap<>();
        s.put("phase", name);
        s.put("from_s", (double) fromS);
        s.put("to_s", (double) fromS + counts.length);
        s.put("completed_ops", total);
        s.put("ops_per_s", total / (double) counts.length);
        s.put("ops", HandMadeRun.ops(total));
        HandMadeRun.write(dir, s);
    }

    private static void rewriteCsv(Path dir, String from, String to) throws Exception {
        Path csv = dir.resolve(ResultsDirectory.INTERVALS);
        String text = Files.readString(csv);
        assertTrue(text.contains(from), text);
        Files.writeString(csv, text.replace(from, to));
    }
}
