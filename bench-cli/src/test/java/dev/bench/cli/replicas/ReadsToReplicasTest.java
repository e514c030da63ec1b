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

    /** The standby's port: the pair's node that is not the primary. */
    static int standbyOf(PostgresPair pair, int primary) {
        Matcher m = NODES.matcher(pair.url);
        assertTrue(m.find(), pair.url);
        for (String node : m.group(1).split(",")) {
            int port = Integer.parseInt(node.substring(node.lastIndexOf(':') + 1));
            if (port != primary) {
                return port;
            }
        }
        throw new AssertionError("no standby in " + pair.url);
    }

    /** YCSB's reads on the standby, its updates on the primary; the table loaded, then dropped, by bench. */
    @Test
    void ycsbReadsGoToTheStandbyAndUpdatesToThePrimary(@TempDir Path tmp) throws Exception {
        PostgresPair pair = PostgresPair.fromEnvironment();
        int primary = pair.primaryPort();
        int standby = standbyOf(pair, primary);
        Path results = tmp.resolve("y");
        String table = "usertable_hosts_test";
        try {
            CliRunner load = CliRunner.run("ycsb", "load", "jdbc", "-P", "../examples/ycsb/workloada", "-p", "recordcount=1000",
                    "-p", "table=" + table, "--url", pair.url, "--results", tmp.resolve("load").toString());
            assertEquals(0, load.exitCode(), load.out() + load.err());

            CliRunner run = CliRunner.run("ycsb", "run", "jdbc", "-P", "../examples/ycsb/workloada", "-p", "recordcount=1000",
                    "-p", "table=" + table, "-p", "operationcount=1500", "-target", "500", "-threads", "2", "--url", pair.url,
                    "--reads-to", "replicas", "--results", results.toString());

            assertEquals(0, run.exitCode(), run.out() + run.err());
            ResultsInvariants.assertHold(results);
            JsonNode summary = new ObjectMapper().readTree(results.resolve("summary.json").toFile());
            JsonNode hosts = summary.path("hosts");
            assertEquals(summary.path("ops").path("read").path("completed").asLong(),
                    hosts.path("127.0.0.1:" + standby).path("ops").path("read").path("completed").asLong(), hosts.toString());
            assertEquals(summary.path("ops").path("update").path("completed").asLong(),
                    hosts.path("127.0.0.1:" + primary).path("ops").path("update").path("completed").asLong(), hosts.toString());
            assertTrue(summary.path("ops").path("read").path("completed").asLong() > 0, summary.toString());
        } finally {
            CliRunner.run("ycsb", "cleanup", "jdbc", "-p", "table=" + table, "--url", pair.url);
        }
    }

    @Test
    void readsAreCountedOnTheStandbyWritesOnThePrimaryAndTheHostsAddUp(@TempDir Path tmp) throws Exception {
        PostgresPair pair = PostgresPair.fromEnvironment();
        int primary = pair.primaryPort();
        int standby = standbyOf(pair, primary);
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
