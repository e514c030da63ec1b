package dev.bench.cli.replicas;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.bench.cli.CliRunner;
import dev.bench.core.results.verify.ResultsInvariants;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * tao, voter, oltp-rw and pgbench with {@code --reads-to replicas} on the pair of {@code scripts/replicas.sh}
 * (no failover), each a run of about 2 s: every op of a read-only kind counted on the standby, every op of
 * the others on the primary, and the hosts adding up to the run (summary.json, {@code bench verify}).
 */
class WorkloadReadsToReplicasTest {

    /**
     * tao's five single reads and its read transactions on the standby, its writes and write transactions on the primary;
     * the standby's stale reads counted (how many depends on the standby's lag: TaoStaleReadsTest checks the count).
     */
    @Test
    void taoReadsGoToTheStandbyAndWritesToThePrimary(@TempDir Path tmp) throws Exception {
        PostgresPair pair = PostgresPair.fromEnvironment();
        CliRunner load = CliRunner.run("tao", "-load", "-n", "2000", "-load-threads", "2", "--url", pair.url);
        assertEquals(0, load.exitCode(), load.out() + load.err());

        Path results = tmp.resolve("tao");
        CliRunner run = CliRunner.run("tao", "-run", "-E", "2,0,2", "--target", "400", "--url", pair.url, "--reads-to", "replicas",
                "--results", results.toString());

        assertEquals(0, run.exitCode(), run.out() + run.err());
        JsonNode summary = assertOnHosts(pair, results, List.of("obj_read", "edge_point_read", "edge_range_read", "edge_count_read",
                "edge_time_read", "read_txn"), List.of("obj_add", "obj_update", "obj_delete", "edge_add", "edge_update", "edge_delete",
                "write_txn"));
        int standby = ReadsToReplicasTest.standbyOf(pair, pair.primaryPort());
        assertTrue(summary.path("hosts").path("127.0.0.1:" + standby).path("stale_reads").isNumber(), summary.path("hosts").toString());
    }

    /**
     * voter's one read-only query, the Results after the run, on the standby: the report's line and summary.json name
     * it, and it is stale exactly when its total is below the votes the client had been told were in (rows before + accepted).
     */
    @Test
    void voterReadsItsResultsOnTheStandby(@TempDir Path tmp) throws Exception {
        PostgresPair pair = PostgresPair.fromEnvironment();
        int standby = ReadsToReplicasTest.standbyOf(pair, pair.primaryPort());
        Path results = tmp.resolve("voter");

        CliRunner run = CliRunner.run("voter", "--target", "400", "--calls", "800", "--url", pair.url, "--reads-to", "replicas",
                "--results", results.toString());

        assertEquals(0, run.exitCode(), run.out() + run.err());
        ResultsInvariants.assertHold(results);
        JsonNode summary = new ObjectMapper().readTree(results.resolve("summary.json").toFile());
        JsonNode read = summary.path("results_on_replica");
        assertEquals("127.0.0.1:" + standby, read.path("host").asText(), summary.toString());
        long accepted = summary.path("votes").path("accepted").asLong();
        assertTrue(accepted > 0, summary.toString());
        assertTrue(read.path("votes").asLong() > 0, read.toString());
        long told = summary.path("told").path("before").path("vote_rows").asLong() + accepted;
        assertEquals(read.path("votes").asLong() < told ? 1 : 0, read.path("stale_reads").asLong(), read + " told " + told);
        assertTrue(run.out().contains("# results read on 127.0.0.1:" + standby + ": "), run.out());
    }

    /** pgbench's select-only transactions on the standby, simple-update's on the primary. */
    @Test
    void pgbenchReadOnlyScriptsGoToTheStandby(@TempDir Path tmp) throws Exception {
        PostgresPair pair = PostgresPair.fromEnvironment();
        CliRunner init = CliRunner.run("pgbench", "--url", pair.url, "-i", "-s", "1");
        assertEquals(0, init.exitCode(), init.out() + init.err());
        Path results = tmp.resolve("pgbench");

        CliRunner run = CliRunner.run("pgbench", "--url", pair.url, "-c", "2", "-T", "2", "-R", "300", "-b", "select-only",
                "-b", "simple-update", "--reads-to", "replicas", "--results", results.toString());

        assertEquals(0, run.exitCode(), run.out() + run.err());
        assertOnHosts(pair, results, List.of("select-only"), List.of("simple-update"));
    }

    /**
     * oltp-rw with --skip-trx on: its one op kind, the event, writes, so it is counted on the primary (one host:
     * no host table); its selects
     * went to the standby, which the standby's own statistics show (pg_stat_user_tables counts the index scans
     * each server ran itself, not the ones it replayed): at least one for each select sysbench counted.
     */
    @Test
    void oltpSelectsGoToTheStandbyWithSkipTrx(@TempDir Path tmp) throws Exception {
        PostgresPair pair = PostgresPair.fromEnvironment();
        for (String step : List.of("cleanup", "prepare")) {
            CliRunner prepare = CliRunner.run("oltp-rw", step, "--table-size", "2000", "--url", pair.url);
            assertEquals(0, prepare.exitCode(), prepare.out() + prepare.err());
        }
        int standby = ReadsToReplicasTest.standbyOf(pair, pair.primaryPort());
        long scansBefore = indexScans(pair, standby);
        Path results = tmp.resolve("oltp");

        CliRunner run = CliRunner.run("oltp-rw", "run", "--table-size", "2000", "--time", "2", "--threads", "2", "--rate", "200",
                "--skip-trx", "on", "--url", pair.url, "--reads-to", "replicas", "--results", results.toString());

        assertEquals(0, run.exitCode(), run.out() + run.err());
        ResultsInvariants.assertHold(results);
        JsonNode summary = new ObjectMapper().readTree(results.resolve("summary.json").toFile());
        assertTrue(summary.path("hosts").isMissingNode(), "every event counted on one host, the primary: " + summary.path("hosts"));
        long selects = summary.path("queries").path("read").asLong();
        assertTrue(selects > 0, summary.toString());
        long scans = indexScans(pair, standby) - scansBefore;
        assertTrue(scans >= selects, "index scans on the standby " + scans + ", selects " + selects);
    }

    /** The index scans the server on this port of the pair ran on the sbtest tables, from its own statistics. */
    private static long indexScans(PostgresPair pair, int port) throws SQLException {
        String node = pair.url.replaceFirst("//[^/]+/", "//127.0.0.1:" + port + "/").replace("targetServerType=primary", "targetServerType=any");
        try (Connection c = DriverManager.getConnection(node);
             Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT coalesce(sum(idx_scan), 0) FROM pg_stat_user_tables WHERE relname LIKE 'sbtest%'")) {
            rs.next();
            return rs.getLong(1);
        }
    }

    /**
     * Per kind: the run's completed ops all on the standby (reads) or all on the primary (the rest), some of
     * each; the results directory's invariants and {@code bench verify} (the hosts add up).
     */
    static JsonNode assertOnHosts(PostgresPair pair, Path results, List<String> reads, List<String> writes) throws Exception {
        int primary = pair.primaryPort();
        int standby = ReadsToReplicasTest.standbyOf(pair, primary);
        ResultsInvariants.assertHold(results);
        CliRunner verify = CliRunner.run("verify", results.toString());
        assertEquals(0, verify.exitCode(), verify.out() + verify.err());
        JsonNode summary = new ObjectMapper().readTree(results.resolve("summary.json").toFile());
        JsonNode hosts = summary.path("hosts");
        long readOps = 0;
        long writeOps = 0;
        for (String kind : reads) {
            long completed = summary.path("ops").path(kind).path("completed").asLong();
            assertEquals(completed, hosts.path("127.0.0.1:" + standby).path("ops").path(kind).path("completed").asLong(), kind + hosts);
            assertEquals(0, hosts.path("127.0.0.1:" + primary).path("ops").path(kind).path("completed").asLong(), kind + hosts);
            readOps += completed;
        }
        for (String kind : writes) {
            long completed = summary.path("ops").path(kind).path("completed").asLong();
            assertEquals(completed, hosts.path("127.0.0.1:" + primary).path("ops").path(kind).path("completed").asLong(), kind + hosts);
            assertEquals(0, hosts.path("127.0.0.1:" + standby).path("ops").path(kind).path("completed").asLong(), kind + hosts);
            writeOps += completed;
        }
        assertTrue(readOps > 0 && writeOps > 0, summary.path("ops").toString());
        return summary;
    }
}
