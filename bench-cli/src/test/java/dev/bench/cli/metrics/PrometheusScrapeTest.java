package dev.bench.cli.metrics;

import com.fasterxml.jackson.databind.JsonNode;
import dev.bench.cli.CliRunner;
import dev.bench.core.results.ResultsJson;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

/**
 * A real Prometheus (Debian's package, started by scripts/prometheus.sh on loopback) scrapes a real run
 * every second; what it stored as the final completed counter is summary.json's completed count.
 */
class PrometheusScrapeTest {

    private static final Path SCRIPT = Path.of("..", "scripts", "prometheus.sh");

    @Test
    void prometheusStoresTheRunsFinalCounts(@TempDir Path tmp) throws Exception {
        Scrapes.requireProgram("prometheus");
        int metricsPort = Scrapes.freePort();
        int prometheusPort = Scrapes.freePort();
        Path dir = tmp.resolve("prometheus");
        script("start", dir.toString(), Integer.toString(metricsPort), Integer.toString(prometheusPort));
        try {
            Path results = tmp.resolve("vote");
            CliRunner r = CliRunner.run("vote", "--target", "2000", "--runtime", "4", "--warmup", "1", "--articles", "1000",
                    "--metrics-port", Integer.toString(metricsPort), "--results", results.toString(), "memory");
            assertEquals(0, r.exitCode(), r.err());

            // the endpoint is gone now and Prometheus has marked the series stale: ask for the highest sample
            String query = URLEncoder.encode("max by (kind) (max_over_time(bench_ops_completed_total[5m]))", StandardCharsets.UTF_8);
            String body = Scrapes.get("http://127.0.0.1:" + prometheusPort + "/api/v1/query?query=" + query);
            assertNotNull(body, "Prometheus answered");
            Map<String, Long> stored = new HashMap<>();
            for (JsonNode s : ResultsJson.mapper().readTree(body).path("data").path("result")) {
                stored.put(s.path("metric").path("kind").asText(), (long) s.path("value").get(1).asDouble());
            }
            Map<String, Long> summary = Scrapes.summaryCompleted(results);
            assertEquals(summary, stored, "Prometheus's final counters against summary.json: " + body);
        } finally {
            script("stop", dir.toString());
        }
    }

    private static void script(String... args) throws Exception {
        String[] command = new String[args.length + 2];
        command[0] = "bash";
        command[1] = SCRIPT.toString();
        System.arraycopy(args, 0, command, 2, args.length);
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes());
        assertEquals(0, p.waitFor(), String.join(" ", command) + ": " + out);
    }
}
