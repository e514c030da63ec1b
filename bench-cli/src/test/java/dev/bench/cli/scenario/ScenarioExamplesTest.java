package dev.bench.cli.scenario;

import dev.bench.core.results.verify.ResultsInvariants;
import com.fasterxml.jackson.databind.JsonNode;
import dev.bench.cli.CliRunner;
import dev.bench.core.results.IntervalCsvReader;
import dev.bench.core.results.IntervalRow;
import dev.bench.core.results.ResultsJson;
import dev.bench.core.testing.TestServers;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Every scenario in examples/ runs as it is, against real PostgreSQL where it names a database. */
class ScenarioExamplesTest {

    private static final Path EXAMPLES = Path.of("..", "examples");

    @Test
    void everyWorkloadHasAnExampleScenario() throws Exception {
        try (Stream<Path> files = Files.list(EXAMPLES)) {
            List<String> workloads = files.filter(f -> f.toString().endsWith(".yaml"))
                    .map(f -> ScenarioFile.read(f).workload()).distinct().sorted().toList();
            assertEquals(List.of("oltp-rw", "pgbench", "tao", "tpcc", "vote", "voter"), workloads);
        }
    }

    @Test
    void voteRamp(@TempDir Path tmp) throws Exception {
        Path results = tmp.resolve("vote");
        CliRunner r = CliRunner.run("run", EXAMPLES.resolve("vote-ramp.yaml").toString(), "--results", results.toString());
        assertEquals(0, r.exitCode(), r.err());
        JsonNode summary = ResultsJson.read(results.resolve("summary.json"));
        ResultsInvariants.assertHold(results);
        assertEquals("ramp=3s:1000..5000,hold=2s:5000,writes=2s:5000", summary.path("run").path("schedule").asText());
        assertEquals("writes:read=1/write=1", summary.path("run").path("mix").asText());
        assertEquals(2.0, summary.path("run").path("warmup_s").asDouble(), 1e-9, "the unmeasured phase is the warmup");
        // 3 s at a mean of 3,000 plus 4 s at 5,000: 29,000 ops offered, Poisson
        assertEquals(29_000, summary.path("throughput").path("generated_ops").asLong(), 4.5 * Math.sqrt(29_000));
        assertEquals("[\"01-ramp\",\"02-hold\",\"03-writes\"]", summary.path("scheduled_phases").toString());
        JsonNode hold = ResultsJson.read(results.resolve("02-hold").resolve("summary.json")).path("ops");
        JsonNode writes = ResultsJson.read(results.resolve("03-writes").resolve("summary.json")).path("ops");
        double holdShare = hold.path("write").path("completed").asDouble()
                / (hold.path("write").path("completed").asDouble() + hold.path("read").path("completed").asDouble());
        double writesShare = writes.path("write").path("completed").asDouble()
                / (writes.path("write").path("completed").asDouble() + writes.path("read").path("completed").asDouble());
        assertEquals(0.05, holdShare, 0.02, "hold runs vote's own mix, one write in 20");
        assertEquals(0.5, writesShare, 0.05, "the writes phase its own, one to one");
    }

    @Test
    void oltpRwSpike(@TempDir Path tmp) {
        String url = TestServers.postgresUrl();
        String[] data = {"--tables", "2", "--table-size", "10000", "--url", url};
        assertEquals(0, CliRunner.run(concat(new String[] {"oltp-rw", "prepare"}, data)).exitCode());
        try {
            Path results = tmp.resolve("oltp");
            CliRunner r = CliRunner.run("run", EXAMPLES.resolve("oltp-rw-spike.yaml").toString(), "--url", url,
                    "--results", results.toString());
            assertEquals(0, r.exitCode(), r.err());
            List<IntervalRow> rows = IntervalCsvReader.read(results.resolve("intervals.csv"));
            assertTrue(rows.stream().anyMatch(row -> Math.abs(row.scheduledOpsPerS() - 400) < 1e-6), "the spike's seconds scheduled 400/s");
        } finally {
            CliRunner.run(concat(new String[] {"oltp-rw", "cleanup"}, data));
        }
    }

    @Test
    void tpccSteps(@TempDir Path tmp) {
        String url = TestServers.postgresUrl();
        assertEquals(0, CliRunner.run("tpcc", "prepare", "--scale", "1", "--url", url).exitCode());
        try {
            Path results = tmp.resolve("tpcc");
            CliRunner r = CliRunner.run("run", EXAMPLES.resolve("tpcc-steps.yaml").toString(), "--url", url,
                    "--results", results.toString());
            assertEquals(0, r.exitCode(), r.err());
            JsonNode summary = ResultsJson.read(results.resolve("summary.json"));
            ResultsInvariants.assertHold(results);
            assertTrue(summary.path("integrity").path("ok").asBoolean(), summary.path("integrity").toString());
            assertEquals("step1=2s:10,step2=2s:20,step3=2s:40", summary.path("run").path("schedule").asText());
        } finally {
            CliRunner.run("tpcc", "cleanup", "--url", url);
        }
    }

    @Test
    void pgbenchSteps(@TempDir Path tmp) {
        String url = TestServers.postgresUrl();
        CliRunner init = CliRunner.run("pgbench", "-i", "-s", "1", "-q", "--url", url);
        assertEquals(0, init.exitCode(), init.err());
        try {
            Path results = tmp.resolve("pgbench");
            CliRunner r = CliRunner.run("run", EXAMPLES.resolve("pgbench-steps.yaml").toString(), "--url", url,
                    "--results", results.toString());
            assertEquals(0, r.exitCode(), r.err());
            assertTrue(r.out().contains("warmup: 2 s before it"), "the unmeasured phase is the warmup: " + r.out());
            Matcher processed = Pattern.compile("number of transactions actually processed: (\\d+)\n").matcher(r.out());
            assertTrue(processed.find(), r.out());
            // 2 s at 100/s and 2 s at 300/s: 800 offered, Poisson
            assertEquals(800, Long.parseLong(processed.group(1)), 4.5 * Math.sqrt(800), r.out());
            JsonNode summary = ResultsJson.read(results.resolve("summary.json"));
            ResultsInvariants.assertHold(results);
            assertTrue(summary.path("integrity").path("ok").asBoolean(), summary.path("integrity").toString());
            assertEquals("low=2s:100,high=2s:300", summary.path("run").path("schedule").asText());
        } finally {
            CliRunner.run("pgbench", "-i", "-I", "d", "--url", url);
        }
    }

    /** The closed-loop workloads' scenarios (no phases): they run and the database agrees. */
    @ParameterizedTest
    @ValueSource(strings = {"tao-experiments.yaml", "voter.yaml"})
    void closedLoopScenarios(String example, @TempDir Path tmp) {
        Path results = tmp.resolve("results");
        CliRunner r = CliRunner.run("run", EXAMPLES.resolve(example).toString(), "--url", TestServers.postgresUrl(),
                "--results", results.toString());
        assertEquals(0, r.exitCode(), r.err());
        assertTrue(ResultsJson.read(results.resolve("summary.json")).path("integrity").path("ok").asBoolean());
        ResultsInvariants.assertHold(results);
    }

    /** Phases of worker counts: one closed-loop experiment whose threads follow them; the database agrees. */
    @Test
    void taoWorkers(@TempDir Path tmp) throws Exception {
        Path results = tmp.resolve("results");
        CliRunner r = CliRunner.run("run", EXAMPLES.resolve("tao-workers.yaml").toString(), "--url", TestServers.postgresUrl(),
                "--results", results.toString());
        assertEquals(0, r.exitCode(), r.err());
        JsonNode summary = ResultsJson.read(results.resolve("summary.json"));
        ResultsInvariants.assertHold(results);
        assertTrue(summary.path("integrity").path("ok").asBoolean(), summary.path("integrity").toString());
        assertEquals("few=3s:x2,many=3s:x8,again=3s:x2", summary.path("run").path("worker_schedule").asText());
        assertEquals(8, summary.path("run").path("threads").asInt(), "the most workers any phase runs");
        assertEquals(9.0, summary.path("run").path("runtime_s").asDouble(), 1e-9);
        String report = Files.readString(results.resolve("report.html"));
        assertTrue(report.contains("many=3s:x8"), "report.html shades and names the phases of workers");
    }

    private static String[] concat(String[] a, String[] b) {
        return Stream.concat(Stream.of(a), Stream.of(b)).toArray(String[]::new);
    }
}
