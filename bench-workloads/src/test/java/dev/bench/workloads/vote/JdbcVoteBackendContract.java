package dev.bench.workloads.vote;

import dev.bench.core.BenchException;
import dev.bench.core.RunConfig;
import dev.bench.core.jdbc.JdbcTarget;
import dev.bench.core.jdbc.OwnedTables;
import dev.bench.workloads.vote.VoteBackend.VoteCounts;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What SQL vote backends must do beyond {@link VoteBackendContractTest}: the tables' contents, foreign
 * tables left untouched, sessions killed by the server. Each dialect subclasses it with a URL; tests run
 * one after another in one database and leave only the tool's own tables behind.
 */
abstract class JdbcVoteBackendContract {

    JdbcTarget target;
    VoteBackend backend;

    /** A JDBC URL with credentials; may skip the test when no server is available. */
    abstract String url();

    @BeforeEach
    void open() {
        target = JdbcTarget.open(url(), null, null, 4);
        backend = VoteBackends.jdbc("test", target, "InnoDB", 16);
    }

    @AfterEach
    void close() throws Exception {
        if (backend != null) {
            backend.close();
        }
    }

    @Test
    void primeCreatesArticlesWithoutVotes() throws Exception {
        backend.prime(2500);

        assertEquals(Optional.of(new VoteCounts(0, 0)), backend.count());
        assertEquals(2500, queryLong("SELECT COUNT(*) FROM art"));
        assertEquals("Article #2500", queryString("SELECT title FROM art WHERE id = 2500"));
    }

    @Test
    void aWriteBatchCountsDuplicateIdsOnceEach() throws Exception {
        backend.prime(100);
        try (VoteBackend.VoteSession s = backend.openSession()) {
            s.write(new long[] {5, 7, 5, 5}, 4);
            s.read(new long[] {5, 7}, 2);
        }

        assertEquals(Optional.of(new VoteCounts(4, 4)), backend.count());
        assertEquals(3, queryLong("SELECT votes FROM art WHERE id = 5"));
        assertEquals(1, queryLong("SELECT votes FROM art WHERE id = 7"));
    }

    @Test
    void aForeignTableOfTheSameNameIsLeftUntouched() throws Exception {
        backend.prime(10);
        execute("DROP TABLE vt");
        execute("DELETE FROM " + OwnedTables.REGISTRY + " WHERE table_name = 'vt'");
        execute("CREATE TABLE vt (note VARCHAR(20))");
        execute("INSERT INTO vt (note) VALUES ('precious')");
        try {
            BenchException e = assertThrows(BenchException.class, () -> backend.prime(10));
            assertTrue(e.getMessage().contains("'vt'") && e.getMessage().contains("not created by bench"), e.getMessage());
            assertEquals("precious", queryString("SELECT note FROM vt"));
            assertEquals(10, queryLong("SELECT COUNT(*) FROM art"), "nothing was dropped before the refusal");
        } finally {
            execute("DROP TABLE vt");
        }
    }

    @Test
    void runningWithoutPrimingNeedsTheTables() throws Exception {
        backend.prime(10);
        execute("DROP TABLE vt");
        execute("DELETE FROM " + OwnedTables.REGISTRY + " WHERE table_name = 'vt'");
        BenchException missing = assertThrows(BenchException.class, () -> backend.requirePrimed(10));
        assertTrue(missing.getMessage().contains("'vt' does not exist"), missing.getMessage());
    }

    /** What a server-side kill of a run's connections must not break: reconnects, then an exact check. */
    void assertARunSurvivesKilledSessions(SqlAction killOthers) throws Exception {
        VoteSettings settings = new VoteSettings(1000, 5, false, 1.08, 16, true);
        RunConfig config = RunConfig.builder().threads(2).targetOpsPerSec(1000).warmup(Duration.ZERO)
                .duration(Duration.ofSeconds(3)).build();
        Thread killer = new Thread(() -> {
            try (Connection c = target.connection()) {
                for (int round = 0; round < 3; round++) {
                    Thread.sleep(700);
                    killOthers.run(c);
                }
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        killer.start();
        VoteRuns.Run run = VoteRuns.run(backend, settings, config);
        killer.join();

        var outcome = run.outcome();
        long reconnects = outcome.result().kinds().stream().mapToLong(k -> k.outcomes().reconnects()).sum();
        assertTrue(reconnects >= 2, "reconnects " + reconnects);
        assertTrue(outcome.check().ok(), outcome.check().verdict());
        assertEquals(outcome.result().generatedTotal(), outcome.result().completedTotal(), "no op was lost");
    }

    interface SqlAction {
        void run(Connection c) throws SQLException;
    }

    private void execute(String sql) throws SQLException {
        try (Connection c = target.connection(); Statement s = c.createStatement()) {
            s.execute(sql);
        }
    }

    private long queryLong(String sql) throws SQLException {
        try (Connection c = target.connection(); Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
            assertTrue(rs.next(), "no row from " + sql);
            return rs.getLong(1);
        }
    }

    private String queryString(String sql) throws SQLException {
        try (Connection c = target.connection(); Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
            assertTrue(rs.next(), "no row from " + sql);
            return rs.getString(1);
        }
    }
}
