package dev.bench.cli.replicas;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.bench.cli.CliRunner;
import dev.bench.core.results.verify.ResultsInvariants;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.nio.file.Path;
import java.util.EnumSet;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * tao, voter, oltp-rw, tpcc and ycsb through pgjdbc's multi-host URL with the primary of
 * {@code scripts/replicas.sh}'s pair stopped (immediate) and the standby promoted mid-run: each run goes on, and
 * its check, on the surviving primary, tells acknowledged writes that are gone from writes in doubt.
 * {@code -Dbench.failovers=N} repeats each test N times (the goal's 10, off CI). PostgresFailoverTest does
 * the same for vote, and also holds the window against the servers' logs.
 */
class WorkloadFailoverTest {

    /** From the command's start to the failover: 2 s into a 4 s run. */
    private static final long FAILOVER_AFTER_NANOS = 2_000_000_000L;
    private static final int FAILOVERS = Integer.getInteger("bench.failovers", 1);
    private static final Pattern LOST = Pattern.compile("lost (\\d+) acknowledged writes");
    /** Workloads whose tables this JVM made ready on the pair already. */
    private static final Set<FailoverWorkload> PREPARED = EnumSet.noneOf(FailoverWorkload.class);

    /** Each test resets the pair before its failover; the last one's must not leave it without a standby. */
    @AfterAll
    static void leaveThePairWithAStandby() {
        if (!PREPARED.isEmpty()) {
            PostgresPair.fromEnvironment().reset("async");
        }
    }

    /** Synchronous standby (remote_apply): every acknowledged write is on the standby, so none is lost. */
    @ParameterizedTest
    @EnumSource(FailoverWorkload.class)
    void syncStandbyLosesNoAcknowledgedWrite(FailoverWorkload workload, @TempDir Path tmp) throws Exception {
        PostgresPair pair = PostgresPair.fromEnvironment();
        for (int i = 0; i < FAILOVERS; i++) {
            pair.reset("sync");
            Failover f = runThroughFailover(pair, workload, tmp.resolve("sync-" + i));

            JsonNode integrity = f.summary.path("integrity");
            System.err.println(workload.command + " sync failover " + i + ": " + integrity.path("verdict").asText());
            assertEquals(0, f.run.exitCode(), f.run.out() + f.run.err());
            assertTrue(integrity.path("ok").asBoolean(), integrity.toString());
            assertFalse(LOST.matcher(integrity.path("verdict").asText()).find(), integrity.toString());
            assertEquals(0, workload == FailoverWorkload.OLTP_RW ? 0 : workload.lostBySql(pair.url, f.summary.path("told")),
                    "SQL finds every acknowledged write: " + f.summary.path("told"));
        }
    }

    /**
     * Asynchronous standby with the primary's WAL sender held still 1 s before the primary stops: about a second
     * of acknowledged writes never reaches the standby. The check's lost count must be the one the test finds by
     * SQL on the surviving primary against summary.json's told, and the run exits 1. oltp-rw is left out: each
     * of its transactions deletes and inserts the same id, so its tables (and its check, rows per table) look the
     * same whether a transaction was lost or not, and no count tells.
     */
    @ParameterizedTest
    @EnumSource(value = FailoverWorkload.class, names = "OLTP_RW", mode = EnumSource.Mode.EXCLUDE)
    void asyncLostCountIsTheOneSqlFindsOnTheSurvivingPrimary(FailoverWorkload workload, @TempDir Path tmp) throws Exception {
        PostgresPair pair = PostgresPair.fromEnvironment();
        for (int i = 0; i < FAILOVERS; i++) {
            pair.reset("async");
            Failover f = runThroughFailover(pair, workload, tmp.resolve("async-" + i), "1");

            long lostBySql = workload.lostBySql(pair.url, f.summary.path("told"));
            String verdict = f.summary.path("integrity").path("verdict").asText();
            Matcher m = LOST.matcher(verdict);
            long lostByCheck = m.find() ? Long.parseLong(m.group(1)) : 0;
            System.err.println(workload.command + " async failover " + i + ": lost by the check " + lostByCheck + ", by SQL "
                    + lostBySql + "; " + verdict);
            assertTrue(lostBySql > 0, "a second of writes never reached the standby: lost " + lostBySql + "\n" + f.run.out());
            assertEquals(lostBySql, lostByCheck, verdict);
            assertEquals(1, f.run.exitCode(), f.run.out() + f.run.err());
        }
    }

    private static Failover runThroughFailover(PostgresPair pair, FailoverWorkload workload, Path results, String... lagSeconds)
            throws Exception {
        if (workload.prepareEachRun() || PREPARED.add(workload)) {
            workload.prepareOn(pair.url);
        }
        int primary = pair.primaryPort();
        PostgresPair.Later failover = pair.failoverAfter(FAILOVER_AFTER_NANOS, lagSeconds);
        CliRunner run = CliRunner.run(workload.run(pair.url, results).toArray(String[]::new));
        Integer promoted = failover.promoted();
        assertTrue(promoted != null && promoted != primary, "the standby was promoted");
        ResultsInvariants.assertHold(results);
        JsonNode summary = new ObjectMapper().readTree(results.resolve("summary.json").toFile());
        // the run went on through the failover: the engine saw writes stop and start again
        assertNotEquals(0, summary.path("unavailability").path("windows").size(), "a window around the failover\n" + run.out());
        return new Failover(run, summary);
    }

    private record Failover(CliRunner run, JsonNode summary) {
    }
}
