package dev.bench.cli.galera;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.bench.cli.CliRunner;
import dev.bench.core.results.verify.ResultsInvariants;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import java.util.concurrent.locks.LockSupport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every JDBC workload through MariaDB Connector/J's {@code loadbalance} URL against the three nodes of
 * {@code scripts/galera.sh}: each connection on a node of its own, so writes are spread over the nodes and
 * conflict across them (certification failures, reported as deadlocks 1213 and retried). Each workload's check
 * must be exact; vote and tpcc also run with a node killed mid-run (the one holding most of the run's connections, so the kill
 * always cuts some), and must lose no acknowledged write.
 */
class GaleraClusterTest {

    /** From the command's start to the kill: the run's setup and its 1 s warmup are well before it. */
    private static final long KILL_AFTER_NANOS = 4_000_000_000L;

    /**
     * Eight workers voting for two articles, through three nodes: the same two rows are updated on every node at
     * once, and Galera refuses the later of two conflicting commits. Each refusal must be retried (the vote is
     * not lost, nor counted twice), counted as a retry, and not more than the nodes say they aborted.
     */
    @Test
    void voteConflictsAcrossNodesAreRetriedAndCounted(@TempDir Path tmp) throws Exception {
        GaleraCluster cluster = GaleraCluster.fromEnvironment();
        long abortedBefore = aborted(cluster);
        Path results = tmp.resolve("vote");
        CliRunner run = CliRunner.run("vote", "--target", "400", "--write-every", "1", "--runtime", "3", "--warmup", "0",
                "--articles", "2", "--threads", "8", "--results", results.toString(), "mysql", "--url", cluster.url);
        long aborted = aborted(cluster) - abortedBefore;

        assertEquals(0, run.exitCode(), run.out() + run.err());
        assertTrue(run.out().contains("# integrity: ok"), run.out());
        ResultsInvariants.assertHold(results);
        JsonNode write = summary(results).path("ops").path("write");
        long retries = write.path("retries").asLong();
        System.err.printf("galera vote conflicts: %d retries, %d failed, %d completed; the nodes aborted %d (cert failures + bf aborts"
                + " + InnoDB deadlocks)%n", retries, write.path("failed").asLong(), write.path("completed").asLong(), aborted);
        assertTrue(aborted > 0, "two rows updated through three nodes at 400/s: the nodes must have refused some commits");
        assertTrue(retries > 0 && retries <= aborted, "retries " + retries + " counted, of " + aborted + " aborted by the nodes");
    }

    /**
     * A node killed 4 s into an 8 s run: connections on it fail (in doubt), the others stall until the group
     * evicts it, and every vote acknowledged must be on the surviving nodes.
     */
    @Test
    void voteLosesNoAcknowledgedWriteWhenANodeIsKilled(@TempDir Path tmp) throws Exception {
        GaleraCluster cluster = GaleraCluster.fromEnvironment();
        Path results = tmp.resolve("vote");
        CliRunner run = withNodeKilled(cluster, () -> CliRunner.run("vote", "--target", "400", "--write-every", "2", "--runtime", "6",
                "--warmup", "1", "--articles", "1000", "--threads", "8", "--results", results.toString(), "mysql", "--url", cluster.url));

        assertEquals(0, run.exitCode(), run.out() + run.err());
        assertTrue(run.out().contains("# integrity: ok"), run.out());
        ResultsInvariants.assertHold(results);
        JsonNode s = summary(results);
        printKill("vote", s);
        assertTrue(s.has("unavailability"), "writes stalled while the nodes evicted the killed one: " + run.out());
        assertEquals(s.path("told").path("in_doubt").asLong(), s.path("unavailability").path("windows").findValues("in_doubt_ops")
                .stream().mapToLong(JsonNode::asLong).sum(), "the votes in doubt are the window's: " + s.path("unavailability"));
    }

    /**
     * tpcc with a node killed: every new order and payment told committed must be a row on the survivors. New-Order's
     * order lines go as single INSERTs (tpcc's MariaDB setting): as one bulk command, a transaction Galera aborted for a
     * conflicting write answered OK, and 1-8 orders per run were told committed that were rolled back (docs/galera.md).
     */
    @Test
    void tpccCheckIsExactWithANodeKilled(@TempDir Path tmp) throws Exception {
        GaleraCluster cluster = GaleraCluster.fromEnvironment();
        CliRunner.run("tpcc", "cleanup", "--url", cluster.url);
        CliRunner prepare = CliRunner.run("tpcc", "prepare", "--scale", "1", "--url", cluster.url);
        assertEquals(0, prepare.exitCode(), prepare.err());
        try {
            Path results = tmp.resolve("tpcc");
            CliRunner run = withNodeKilled(cluster, () -> CliRunner.run("tpcc", "run", "--scale", "1", "--threads", "4", "--time", "6",
                    "--url", cluster.url, "--results", results.toString()));
            assertEquals(0, run.exitCode(), run.out() + run.err());
            assertTrue(run.out().contains("# integrity: ok: ") && run.out().contains("11 of 11 consistency checks"), run.out());
            ResultsInvariants.assertHold(results);
            JsonNode s = summary(results);
            printKill("tpcc", s);
            assertTrue(s.has("unavailability"), "writes stalled while the nodes evicted the killed one: " + run.out());
            assertTrue(retries(s) > 0, "new-order, payment and delivery conflict across the nodes: " + s.path("ops"));
        } finally {
            assertEquals(0, CliRunner.run("tpcc", "cleanup", "--url", cluster.url).exitCode());
        }
    }

    @Test
    void oltpReadWriteCheckIsExactOnThreeNodes(@TempDir Path tmp) throws Exception {
        GaleraCluster cluster = GaleraCluster.fromEnvironment();
        String[] table = {"--tables", "1", "--table-size", "1000", "--url", cluster.url};
        CliRunner.run(concat(new String[] {"oltp-rw", "cleanup"}, table));
        assertEquals(0, CliRunner.run(concat(new String[] {"oltp-rw", "prepare"}, table)).exitCode());
        try {
            Path results = tmp.resolve("oltp");
            CliRunner run = CliRunner.run(concat(new String[] {"oltp-rw", "run", "--threads", "4", "--time", "3",
                "--results", results.toString()}, table));
            assertEquals(0, run.exitCode(), run.out() + run.err());
            assertTrue(run.out().contains("# integrity: ok: all 1 table(s) hold 1000 rows"), run.out());
            ResultsInvariants.assertHold(results);
            System.err.println("galera oltp-rw: " + retries(summary(results)) + " retries (ignored errors)");
        } finally {
            assertEquals(0, CliRunner.run(concat(new String[] {"oltp-rw", "cleanup"}, table)).exitCode());
        }
    }

    @Test
    void voterCheckIsExactOnThreeNodes(@TempDir Path tmp) throws Exception {
        GaleraCluster cluster = GaleraCluster.fromEnvironment();
        Path results = tmp.resolve("voter");
        CliRunner run = CliRunner.run("voter", "--preset", "VSD", "--calls", "400", "--url", cluster.url, "--results", results.toString());
        assertEquals(0, run.exitCode(), run.out() + run.err());
        assertTrue(run.out().contains("check writes ... ok"), run.out());
        ResultsInvariants.assertHold(results);
        assertTrue(summary(results).path("integrity").path("ok").asBoolean(), run.out());
    }

    @Test
    void taoCheckIsExactOnThreeNodes(@TempDir Path tmp) throws Exception {
        GaleraCluster cluster = GaleraCluster.fromEnvironment();
        assertEquals(0, CliRunner.run("tao", "load", "-n", "2000", "--url", cluster.url).exitCode());
        Path results = tmp.resolve("tao");
        CliRunner run = CliRunner.run("tao", "run", "-E", "4,1,3", "--target", "300", "--url", cluster.url, "--results", results.toString());
        assertEquals(0, run.exitCode(), run.out() + run.err());
        assertTrue(run.out().contains("Check: ok: "), run.out());
        ResultsInvariants.assertHold(results);
        assertTrue(summary(results).path("integrity").path("ok").asBoolean(), run.out());
    }

    /**
     * Runs the command with a node killed 4 s after it starts: the one with most of the bench user's sessions (the
     * loadbalance URL puts each connection on a node at random, and a run of 4 may have none on a given node). It rejoins
     * afterwards, so the next test has three.
     */
    private static CliRunner withNodeKilled(GaleraCluster cluster, Supplier<CliRunner> command) throws InterruptedException {
        AtomicInteger killed = new AtomicInteger();
        Thread killer = new Thread(() -> {
            LockSupport.parkNanos(KILL_AFTER_NANOS);
            int node = 1;
            long most = -1;
            for (int n = 1; n <= GaleraCluster.NODES; n++) {
                long sessions = sessionsOrNone(cluster, n);
                if (sessions > most) {
                    most = sessions;
                    node = n;
                }
            }
            System.err.println("galera: killing node " + node + ", " + most + " of the run's sessions on it");
            cluster.kill(node);
            killed.set(node);
        }, "galera-kill");
        killer.start();
        try {
            return command.get();
        } finally {
            killer.join();
            if (killed.get() > 0) {
                cluster.restart(killed.get());
            }
            assertTrue(killed.get() > 0, "a node was killed mid-run");
        }
    }

    /** The run's sessions on the node (the query's own left out), or -1 when it can't be asked. */
    private static long sessionsOrNone(GaleraCluster cluster, int node) {
        try {
            return cluster.sessions(node) - 1;
        } catch (SQLException e) {
            System.err.println("galera: node " + node + "'s sessions unknown: " + e.getMessage());
            return -1;
        }
    }

    private static void printKill(String workload, JsonNode s) {
        System.err.printf("galera %s, node killed: %d retries, %d reconnects, %d failed; in doubt %d; unavailable %s%n", workload,
                retries(s), sum(s, "reconnects"), sum(s, "failed"), inDoubt(s.path("told")),
                s.path("unavailability").path("windows"));
    }

    /** The writes the workload counted in doubt: vote's {@code in_doubt}, tpcc's new orders' and payments' ({@code *_in_doubt}). */
    private static long inDoubt(JsonNode told) {
        long sum = 0;
        for (java.util.Iterator<String> names = told.fieldNames(); names.hasNext(); ) {
            String name = names.next();
            if (name.endsWith("in_doubt")) {
                sum += told.path(name).asLong();
            }
        }
        return sum;
    }

    /** What the nodes refused: local certification failures, brute-force aborts and InnoDB's own deadlocks, summed. */
    private static long aborted(GaleraCluster cluster) throws Exception {
        return cluster.sum("wsrep_local_cert_failures") + cluster.sum("wsrep_local_bf_aborts") + cluster.sum("Innodb_deadlocks");
    }

    private static long retries(JsonNode s) {
        return sum(s, "retries");
    }

    private static long sum(JsonNode s, String field) {
        long sum = 0;
        for (JsonNode kind : s.path("ops")) {
            sum += kind.path(field).asLong();
        }
        return sum;
    }

    private static JsonNode summary(Path results) throws IOException {
        return new ObjectMapper().readTree(results.resolve("summary.json").toFile());
    }

    private static String[] concat(String[] head, String[] tail) {
        String[] all = java.util.Arrays.copyOf(head, head.length + tail.length);
        System.arraycopy(tail, 0, all, head.length, tail.length);
        return all;
    }
}
