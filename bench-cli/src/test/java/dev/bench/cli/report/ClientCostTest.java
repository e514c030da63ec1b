package dev.bench.cli.report;

import com.fasterxml.jackson.databind.JsonNode;
import dev.bench.cli.CliRunner;
import dev.bench.core.results.ResultsJson;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/** Every run states what the client cost; the bottleneck line fires when the client is starved, and only then. */
class ClientCostTest {

    private static final String BOTTLENECK = "# the client was the bottleneck";

    @Test
    void aNormalRunStatesItsCostEverywhereAndIsNotClientBound(@TempDir Path tmp) throws Exception {
        Path a = tmp.resolve("a");
        Path b = tmp.resolve("b");
        CliRunner r = CliRunner.shortVote(a);
        assertEquals(0, r.exitCode(), r.err());
        CliRunner.shortVote(b);
        assertTrue(r.out().contains("# client: cpu "), r.out());
        assertFalse(r.out().contains(BOTTLENECK), r.out());
        assertTrue(r.err().lines().filter(l -> l.startsWith("[")).allMatch(l -> l.contains("| client cpu ")), r.err());

        JsonNode s = ResultsJson.read(a.resolve("summary.json"));
        JsonNode client = s.path("client");
        long completed = s.path("throughput").path("completed_ops").asLong();
        assertEquals(completed, client.path("ops").asLong(), client.toString());
        assertTrue(client.path("cpu_us_per_op").asDouble() > 0, client.toString());
        assertTrue(client.path("span_s").asDouble() > 1.5, client.toString());
        assertFalse(client.path("client_bound").asBoolean(), client.toString());
        JsonNode lag = client.path("schedule_lag_us");
        assertTrue(lag.path("mean").asDouble() > 0 && lag.path("p99").asDouble() <= lag.path("max").asDouble(), client.toString());
        assertTrue(Files.readString(a.resolve("report.html")).contains("client: cpu "), "report.html states it");

        CliRunner verify = CliRunner.run("verify", a.toString());
        assertEquals(0, verify.exitCode(), verify.out() + verify.err());
        CliRunner compare = CliRunner.run("compare", a.toString(), b.toString());
        assertEquals(0, compare.exitCode(), compare.err());
        assertTrue(compare.out().lines().anyMatch(l -> l.startsWith("cpu us/op")), compare.out());
    }

    /**
     * One core for a JVM whose two workers are asked 20 M ops/s of the null backend: the client, not the
     * backend, can't keep up. The run stops one second behind (--max-lag 1) and says the client was the
     * bottleneck: by its CPU when it had the core to itself, by the lag with free workers when other
     * processes shared the core (this machine's case).
     */
    @Test
    void aClientStarvedOfCpuSaysItWasTheBottleneck(@TempDir Path tmp) throws Exception {
        assumeTrue(Files.isExecutable(Path.of("/usr/bin/taskset")), "taskset (util-linux) is needed to starve the client");
        Path dir = tmp.resolve("starved");
        Process p = new ProcessBuilder("/usr/bin/taskset", "-c", "0",
                Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp", System.getProperty("java.class.path"),
                "dev.bench.cli.BenchMain", "vote", "--target", "20000000", "--runtime", "3", "--warmup", "0", "--threads", "2",
                "--max-lag", "1", "--results", dir.toString(), "null")
                .redirectOutput(tmp.resolve("out").toFile()).redirectError(tmp.resolve("err").toFile()).start();
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "the starved run ends by itself");
        String out = Files.readString(tmp.resolve("out"));
        String err = Files.readString(tmp.resolve("err"));
        assertTrue(out.contains(BOTTLENECK + ": "), out + err);
        JsonNode client = ResultsJson.read(dir.resolve("summary.json")).path("client");
        assertEquals(1, client.path("cores").asInt(), client.toString());
        assertTrue(client.path("client_bound").asBoolean(), client.toString());
    }
}
