package dev.bench.cli.replicas;

import dev.bench.cli.CliRunner;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code --reads-to} as bad input: each case one line and exit 2 (pgbench: its own 1), before anything connects. */
class ReadsToFlagTest {

    /** pgbench's exit code for bad input, as PgbenchCommand keeps it. */
    private static final int PGBENCH_BAD_INPUT = 1;

    private static void assertBadInput(String expected, String... args) {
        assertBadInput(2, expected, args);
    }

    /** @param exitCode 2, or pgbench's own for bad input (1) */
    private static void assertBadInput(int exitCode, String expected, String... args) {
        CliRunner run = CliRunner.run(args);
        assertEquals(exitCode, run.exitCode(), run.out() + run.err());
        assertTrue(run.err().contains(expected), run.err());
        assertEquals(1, run.err().strip().lines().filter(l -> !l.startsWith("Try ")).count(), run.err());
    }

    @Test
    void aBackendWithoutReplicasRefusesIt() {
        assertBadInput("--reads-to replicas: vote's memcached backend sends no ops to replicas",
                "vote", "--runtime", "1", "memcached", "--reads-to", "replicas");
    }

    @Test
    void aMysqlUrlNeedsTheReplicasNamed() {
        assertBadInput("--reads-to replicas needs --replica-url for a mysql server",
                "vote", "--runtime", "1", "mysql", "--url", "jdbc:mysql://127.0.0.1:1/bench", "--reads-to", "replicas");
    }

    @Test
    void aWorkloadWithoutReplicaReadsRefusesIt() {
        assertBadInput("--reads-to replicas: tpcc sends no ops to replicas", "tpcc", "run", "--reads-to", "replicas");
    }

    @Test
    void oltpInTransactionsKeepsItsSelectsOnThePrimary() {
        assertBadInput("--reads-to replicas: oltp-rw's selects run inside its transactions, on the primary; add --skip-trx on",
                "oltp-rw", "run", "--url", "jdbc:postgresql://127.0.0.1:1/bench", "--reads-to", "replicas");
    }

    @Test
    void anEmbeddedDatabaseHasNoReplicas() {
        assertBadInput("--reads-to replicas needs --replica-url for a h2 server", "oltp-rw", "run", "--skip-trx", "on",
                "--reads-to", "replicas");
    }

    @Test
    void pgbenchWithoutAReadOnlyScriptRefusesIt() {
        assertBadInput(PGBENCH_BAD_INPUT, "--reads-to replicas: none of the scripts is read-only", "pgbench", "--url",
                "jdbc:postgresql://127.0.0.1:1/bench", "-b", "tpcb-like", "--reads-to", "replicas");
    }

    @Test
    void pgbenchConnectingEachTransactionRefusesIt() {
        assertBadInput(PGBENCH_BAD_INPUT, "--reads-to replicas: -C opens each transaction's connection on the primary",
                "pgbench", "--url",
                "jdbc:postgresql://127.0.0.1:1/bench", "-S", "-C", "--reads-to", "replicas");
    }

    @Test
    void voterWithSeveralClientsRefusesIt() {
        assertBadInput("--reads-to replicas: voter with several clients (the launcher reads the results) sends no ops to replicas",
                "voter", "--clients", "2", "--url", "jdbc:postgresql://127.0.0.1:1/bench", "--reads-to", "replicas");
    }

    @Test
    void anUnknownValueIsNamed() {
        assertBadInput("--reads-to must be primary or replicas, got standby", "vote", "postgres", "--reads-to", "standby");
    }

    @Test
    void aReplicaUrlWithoutReadsToReplicasIsNamed() {
        assertBadInput("--replica-url is where --reads-to replicas sends reads", "vote", "postgres",
                "--replica-url", "jdbc:postgresql://127.0.0.1:1/bench");
    }
}
