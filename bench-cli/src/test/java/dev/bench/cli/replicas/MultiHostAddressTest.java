package dev.bench.cli.replicas;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.bench.cli.CliRunner;
import dev.bench.core.results.verify.ResultsInvariants;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code --address} with several hosts, on the pair: the standby named first, the run still writes to the
 * primary (pgjdbc's targetServerType=primary, which {@code --address} adds for several PostgreSQL hosts).
 */
class MultiHostAddressTest {

    @Test
    void theStandbyFirstStillWritesToThePrimary(@TempDir Path dir) throws Exception {
        PostgresPair pair = PostgresPair.fromEnvironment();
        int primary = pair.primaryPort();
        // jdbc:postgresql://127.0.0.1:P1,127.0.0.1:P2/bench?...: the node that is not the primary
        int standby = java.util.Arrays.stream(pair.url.replaceFirst("^jdbc:postgresql://", "").replaceFirst("/.*", "").split(","))
                .mapToInt(h -> Integer.parseInt(h.substring(h.indexOf(':') + 1))).filter(p -> p != primary).findFirst().orElseThrow();
        Path results = dir.resolve("run");
        CliRunner run = CliRunner.run("vote", "--target", "200", "--write-every", "2", "--runtime", "2", "--warmup", "0",
                "--articles", "500", "--results", results.toString(), "postgres",
                "--address", "127.0.0.1:" + standby + ",127.0.0.1:" + primary, "--user", "bench", "--password", "bench");
        assertEquals(0, run.exitCode(), run.err());
        JsonNode summary = new ObjectMapper().readTree(results.resolve("summary.json").toFile());
        assertTrue(summary.path("integrity").path("ok").asBoolean(), summary.path("integrity").toString());
        assertTrue(summary.path("told").path("acknowledged").asLong() > 0, summary.path("told").toString());
        ResultsInvariants.assertHold(results);
    }
}
