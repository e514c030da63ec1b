package dev.bench.cli.metrics;

import dev.bench.cli.CliRunner;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** --metrics-port on a real run: scraped over HTTP while it runs, its last counters summary.json's. */
class LiveMetricsTest {

    @Test
    void theEndpointServesTheRunAndEndsAtSummarysCounts(@TempDir Path tmp) throws Exception {
        int port = Scrapes.freePort();
        Path results = tmp.resolve("vote");
        CompletableFuture<CliRunner> run = CompletableFuture.supplyAsync(() -> CliRunner.run("vote", "--target", "3000",
                "--runtime", "2", "--warmup", "0.5", "--articles", "1000", "--report-interval", "0.25",
                "--metrics-port", Integer.toString(port), "--results", results.toString(), "memory"));
        String last = null;
        int scrapes = 0;
        while (!run.isDone()) {
            String body = Scrapes.get("http://127.0.0.1:" + port + "/metrics");
            if (body != null) {
                last = body;
                scrapes++;
            }
            Thread.sleep(100);
        }
        CliRunner r = run.get();
        assertEquals(0, r.exitCode(), r.err());
        assertTrue(scrapes >= 10, "scraped during the run: " + scrapes);
        assertNotNull(last);
        assertNull(Scrapes.get("http://127.0.0.1:" + port + "/metrics"), "the endpoint stops with the command");

        Map<String, Long> summary = Scrapes.summaryCompleted(results);
        assertEquals(summary, Scrapes.completed(last), "the last scrape's counters are the run's counts");
        assertTrue(last.contains("bench_sojourn_seconds_bucket{client=\"0\",kind=\"read\",workload=\"vote\",le=\"+Inf\"} "
                + summary.get("read")), "every measured op in the sojourn histogram");
        assertTrue(last.contains("bench_scheduled_ops_per_second{client=\"0\",workload=\"vote\"}"), last);

        Scrapes.requireProgram("promtool");
        Path exposition = Files.writeString(tmp.resolve("metrics.txt"), last);
        Process promtool = new ProcessBuilder("promtool", "check", "metrics").redirectInput(exposition.toFile())
                .redirectErrorStream(true).start();
        String said = new String(promtool.getInputStream().readAllBytes());
        assertEquals(0, promtool.waitFor(), "promtool check metrics: " + said);
    }

    @Test
    void aBusyPortIsBadInputBeforeAnythingConnects() throws Exception {
        try (ServerSocket taken = new ServerSocket(0)) {
            int port = taken.getLocalPort();
            CliRunner r = CliRunner.run("vote", "--metrics-port", Integer.toString(port), "postgres",
                    "--url", "jdbc:postgresql://127.0.0.1:1/none?user=u&password=p");
            assertEquals(2, r.exitCode(), r.err());
            assertTrue(r.errorLines().get(0).startsWith("bench: --metrics-port " + port + ": cannot serve metrics there"), r.err());
            assertFalse(r.err().contains("Connection refused") || r.err().contains("connect"), "nothing connected: " + r.err());
        }
        CliRunner range = CliRunner.run("vote", "--metrics-port", "70000", "null");
        assertEquals(2, range.exitCode(), range.err());
        assertTrue(range.errorLines().get(0).startsWith("bench: --metrics-port must be 1..65535, got 70000"), range.err());
    }
}
