package dev.bench.cli.sysbench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.bench.cli.CliRunner;
import dev.bench.core.results.verify.ResultsInvariants;
import dev.bench.workloads.sysbench.cpu.CpuBenchmark;
import dev.bench.workloads.sysbench.cpu.CpuWorkload;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code bench sysbench cpu}: sysbench's built-in cpu test, on bench's engine: its report, its options and its
 * failures, and the results directory every run writes.
 */
class SysbenchCpuTest {

    @TempDir
    Path dir;

    @Test
    void anEventCountsThePrimesBelowTheLimitFromThree() {
        assertEquals(1228, CpuWorkload.primes(10000), "the 1229 primes below 10000, less 2");
        assertEquals(3, CpuWorkload.primes(8), "3, 5, 7");
        assertEquals(0, CpuWorkload.primes(3));
    }

    @Test
    void aRunOfSomeEventsReportsThemAll() {
        CliRunner r = CliRunner.run("sysbench", "--threads=2", "cpu", "--events=60", "--time=0", "--cpu-max-prime=2000", "run");
        assertEquals(0, r.exitCode(), r.out() + r.err());
        String out = r.out();
        assertTrue(out.contains("Number of threads: 2\nInitializing random number generator from current time\n\n\n"
                + "Prime numbers limit: 2000\n\nInitializing worker threads...\n\nThreads started!\n\nCPU speed:\n    events per second: "), out);
        assertTrue(out.contains("    total number of events:              60\n"), out);
        assertTrue(out.contains("    events (avg/stddev):           30.0000/"), out);
        assertTrue(out.matches("(?s).*         95th percentile: +\\d+\\.\\d\\d\n.*"), out);
    }

    @Test
    void intermediateLinesAndCheckpointsAreSysbenchs() {
        CliRunner r = CliRunner.run("sysbench", "cpu", "--report-interval=1", "--report-checkpoints=1", "--time=2", "run");
        assertEquals(0, r.exitCode(), r.out() + r.err());
        String out = r.out();
        assertTrue(out.contains("Report intermediate results every 1 second(s)\nReport checkpoint(s) at 1 seconds\n"), out);
        assertTrue(out.matches("(?s).*\n\\[ 1s \\] thds: 1 eps: \\d+\\.\\d\\d lat \\(ms,95%\\): \\d+\\.\\d\\d\n"
                + "\\[ 1s \\] Checkpoint report:\nCPU speed:\n.*"), out);
        assertEquals(2, out.split("CPU speed:", -1).length - 1, "the checkpoint's report and the final one: " + out);
    }

    @Test
    void aRateTheThreadsCannotKeepUpWithFillsTheQueueAndFails() {
        CliRunner r = CliRunner.run("sysbench", "--rate=2000000000", "cpu", "run", "--verbosity=1");
        assertEquals(1, r.exitCode());
        assertEquals("FATAL: " + CpuBenchmark.QUEUE_FULL + "\n", r.out());
    }

    @Test
    void badInputAndOtherCommandsAreSysbenchsLines() {
        CliRunner prime = CliRunner.run("sysbench", "cpu", "--cpu-max-prime=0", "run");
        assertEquals(1, prime.exitCode());
        assertTrue(prime.out().endsWith("\nFATAL: Invalid value of cpu-max-prime: 0.\n"), prime.out());
        CliRunner option = CliRunner.run("sysbench", "cpu", "--tables=2", "run");
        assertEquals(1, option.exitCode());
        assertTrue(option.out().endsWith("\nFATAL: invalid option: --tables\n"), option.out());
        CliRunner prepare = CliRunner.run("sysbench", "cpu", "prepare");
        assertEquals(1, prepare.exitCode());
        assertEquals("'cpu' test does not implement the 'prepare' command.\n", prepare.err());
        CliRunner help = CliRunner.run("sysbench", "cpu", "help");
        assertEquals(0, help.exitCode());
        assertTrue(help.out().endsWith("\n\ncpu options:\n  --cpu-max-prime=N upper limit for primes generator [10000]\n\n"), help.out());
    }

    @Test
    void aRunWritesAResultsDirectoryThatBenchVerifies() throws Exception {
        Path results = dir.resolve("cpu");
        CliRunner r = CliRunner.run("sysbench", "cpu", "--threads=2", "--events=40", "--time=0", "--cpu-max-prime=1000",
                "--results=" + results, "run");
        assertEquals(0, r.exitCode(), r.out() + r.err());
        assertTrue(r.out().contains("    total number of events:              40\n"), r.out());
        assertFalse(r.out().contains("# results:") || r.err().contains("ops/s"), "only sysbench's lines: " + r.out() + r.err());
        ResultsInvariants.assertHold(results);
        JsonNode summary = new ObjectMapper().readTree(results.resolve("summary.json").toFile());
        assertEquals("sysbench-cpu", summary.path("workload").asText());
        assertEquals(40, summary.path("ops").path("event").path("completed").asLong(), summary.toString());
        assertEquals(2, summary.path("run").path("threads").asInt());
        assertEquals(1000, summary.path("cpu_max_prime").asInt());
    }

    /** The queue's FATAL is the engine's stop for its lag: what was measured until then is written all the same. */
    @Test
    void aFullQueueStillWritesItsResults() {
        Path results = dir.resolve("full");
        CliRunner r = CliRunner.run("sysbench", "cpu", "--rate=2000000000", "--results=" + results, "--verbosity=4", "run");
        assertEquals(1, r.exitCode(), r.out() + r.err());
        assertTrue(r.out().contains("\nFATAL: " + CpuBenchmark.QUEUE_FULL + "\n# "), r.out());
        assertFalse(r.out().contains("CPU speed:"), r.out());
        assertTrue(r.out().contains("# results: " + results), "--verbosity=4 shows bench's lines: " + r.out());
        ResultsInvariants.assertHold(results);
    }

    @Test
    void rateModeAddsSysbenchsQueueLine() {
        CliRunner r = CliRunner.run("sysbench", "cpu", "--rate=100", "--time=2", "--report-interval=1", "--cpu-max-prime=1000",
                "--results=" + dir.resolve("rate"), "run");
        assertEquals(0, r.exitCode(), r.out() + r.err());
        assertTrue(r.out().contains("Target transaction rate: 100/sec\n"), r.out());
        assertTrue(r.out().matches("(?s).*\n\\[ 1s \\] thds: 1 eps: \\d+\\.\\d\\d lat \\(ms,95%\\): \\d+\\.\\d\\d\n"
                + "\\[ 1s \\] queue length: \\d+ concurrency: \\d+\n.*"), r.out());
    }

    @Test
    void optionsThatMeanNothingToTheCpuTestAreRefused() {
        for (String option : new String[] {"--url=jdbc:h2:mem:x", "--max-lag=5", "--warmup-time=1"}) {
            CliRunner r = CliRunner.run("sysbench", "cpu", option, "run");
            assertEquals(1, r.exitCode(), option);
            assertTrue(r.out().endsWith("\nFATAL: invalid option: " + option.substring(0, option.indexOf('=')) + "\n"), r.out());
        }
    }
}
