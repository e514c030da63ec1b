package dev.bench.cli.replicas;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.bench.cli.CliRunner;
import dev.bench.core.results.verify.ResultsInvariants;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * vote with {@code --reads-to replicas} on the pair of {@code scripts/replicas.sh} (no failover): the
 * writes are counted on the primary, the reads on the standby (pgjdbc's preferSecondary on the same host
 * list), and per kind the two hosts add up to the run, in summary.json and by {@code bench verify}.
 */
class ReadsToReplicasTest {

    private static final Pattern NODES = Pattern.compile("//([^/]+)/");

    @Test
    void readsAreCountedOnTheStandbyWritesOnThePrimaryAndTheHostsAddUp(@TempDir Path tmp) throws Exception {
        PostgresPair pair = PostgresPair.fromEnvironment();
        int primary = pair.primaryPort();
        Matcher m = NODES.matcher(pair.url);
        assertTrue(m.find(), pair.url);
        int standby = -1;
        for (String node : m.group(1).split(",")) {
            int port = Integer.parseInt(node.substring(node.lastIndexOf(':') + 1));
            if (port != primary) {
                standby = port;
            }
        }
        Path results = tmp.resolve("r");

        CliRunner run = CliRunner.run("vote", "--target", "400", "--write-every", "4", "--runtime", "3", "--warmup", "1",
                "--articles", "1000", "--threads", "2", "--max-batch", "8", "--results", results.toString(),
                "postgres", "--url", pair.url, "--reads-to", "replicas");

        assertEquals(0, run.exitCode(), run.out() + run.err());
        ResultsInvariants.assertHold(results);
        CliRunner verify = CliRunner.run("verify", results.toString());
        assertEquals(0, verify.exitCode(), verify.out() + verify.err());
        JsonNode summary = new ObjectMapper().readTree(results.resolve("summary.json").toFile());
        JsonNode onPrimary = summary.path("hosts").path("127.0.0.1:" + primary).path("ops");
        JsonNode onStandby = summary.path("hosts").path("127.0.0.1:" + standby).path("ops");
        long writes = summary.path("ops").path("write").path("completed").asLong();
        long reads = summary.path("ops").path("read").path("completed").asLong();
        assertTrue(writes > 0 && reads > 0, summary.toString());
        assertEquals(writes, onPrimary.path("write").path("completed").asLong(), summary.path("hosts").toString());
        assertEquals(0, onPrimary.path("read").path("completed").asLong(), summary.path("hosts").toString());
        assertEquals(reads, onStandby.path("read").path("completed").asLong(), summary.path("hosts").toString());
        assertEquals(0, onStandby.path("write").path("completed").asLong(), summary.path("hosts").toString());
        assertTrue(summary.path("hosts").path("127.0.0.1:" + standby).path("stale_reads").isNumber(), summary.path("hosts").toString());
        String standbyLine = "# 127.0.0.1:" + standby;
        assertTrue(run.out().lines().anyMatch(l -> l.startsWith(standbyLine) && l.contains(" read ")), run.out());
    }
}
