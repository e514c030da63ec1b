package dev.bench.core.jdbc;

import dev.bench.core.BenchException;
import dev.bench.core.Secrets;
import dev.bench.core.testing.SkipOrFail;
import dev.bench.core.testing.TestServers;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLTimeoutException;
import java.sql.Statement;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.fail;

class JdbcTargetTest {

    @Test
    void aConnectionThatHitALockTimeoutStaysOpenForTheRetry() throws SQLException {
        String url = "jdbc:h2:mem:lock_timeout_" + System.nanoTime() + ";DB_CLOSE_DELAY=-1;LOCK_TIMEOUT=100";
        try (JdbcTarget target = JdbcTarget.open(url, null, null, 2);
             Connection holder = target.connection();
             Connection waiter = target.connection()) {
            try (Statement s = holder.createStatement()) {
                s.execute("CREATE TABLE t (id INT PRIMARY KEY, v INT)");
                s.execute("INSERT INTO t VALUES (1, 0)");
            }
            holder.setAutoCommit(false);
            try (Statement s = holder.createStatement()) {
                s.executeUpdate("UPDATE t SET v = 1 WHERE id = 1");
            }
            // H2 reports the lock timeout as an SQLTimeoutException, which HikariCP would evict for
            assertThrows(SQLTimeoutException.class, () -> {
                try (Statement s = waiter.createStatement()) {
                    s.executeUpdate("UPDATE t SET v = 2 WHERE id = 1");
                }
            });
            holder.commit();

            assertFalse(waiter.isClosed());
            try (Statement s = waiter.createStatement()) {
                assertEquals(1, s.executeUpdate("UPDATE t SET v = 2 WHERE id = 1"), "the retry on the same connection");
            }
        }
    }

    @Test
    void summaryFieldsAreTheMaskedUrlAndTheServersVersion() throws SQLException {
        String url = TestServers.postgresUrl();
        try (JdbcTarget target = JdbcTarget.open(url, null, null, 1);
             Connection c = target.connection();
             Statement s = c.createStatement();
             ResultSet r = s.executeQuery("SHOW server_version")) {
            r.next();
            Map<String, Object> fields = target.summaryFields();

            assertEquals(List.of("target", "server"), List.copyOf(fields.keySet()), "summary.json's order");
            assertEquals(Secrets.maskUrl(url), fields.get("target"));
            assertFalse(fields.get("target").toString().contains("password=" + password(url)), "the password is masked");
            assertEquals("PostgreSQL " + r.getString(1), fields.get("server"));
        }
    }

    private static String password(String url) {
        String p = url.substring(url.indexOf("password=") + "password=".length());
        return p.contains("&") ? p.substring(0, p.indexOf('&')) : p;
    }

    @Test
    void aLargePoolHoldsAllItsConnectionsWhenOpenReturns() throws SQLException {
        int size = JdbcTarget.SERIAL_FILL_MAX + 12;
        String app = "bench_fill_" + System.nanoTime();
        String url = TestServers.postgresUrl() + "&ApplicationName=" + app;
        try (JdbcTarget target = JdbcTarget.open(url, null, null, size);
             Connection c = target.connection();
             Statement s = c.createStatement();
             ResultSet r = s.executeQuery("SELECT count(*) FROM pg_stat_activity WHERE application_name = '" + app + "'")) {
            r.next();
            assertEquals(size, r.getInt(1), "the pool's connections on the server (HikariCP alone adds one per 30 ms after open)");
        }
    }

    @Test
    void newConnectionsAreThatManyOnTheServerOutsideThePool() throws SQLException {
        int count = 11; // more than are opened at once
        String app = "bench_clients_" + System.nanoTime();
        try (JdbcTarget target = JdbcTarget.open(TestServers.postgresUrl() + "&ApplicationName=" + app, null, null, 1)) {
            List<Connection> clients = target.newConnections(count);
            try {
                assertEquals(count + 1, sessions(target, app), "the new connections and the pool's one");
            } finally {
                JdbcTarget.closeQuietly(clients);
            }
        }
    }

    /** Ctrl-C while connecting: the connections being opened then are closed when they arrive, none is left. */
    @Test
    void anInterruptWhileConnectingLeavesNoConnectionOpen() throws Exception {
        String app = "bench_interrupted_" + System.nanoTime();
        try (JdbcTarget target = JdbcTarget.open(TestServers.postgresUrl() + "&ApplicationName=" + app, null, null, 1)) {
            Thread.currentThread().interrupt();
            BenchException e;
            try {
                e = assertThrows(BenchException.class, () -> target.newConnections(11));
            } finally {
                assertTrue(Thread.interrupted(), "the interrupt is kept for the caller");
            }
            assertTrue(e.getMessage().endsWith(": interrupted while connecting"), e.getMessage());
            long deadline = System.nanoTime() + 20_000_000_000L;
            int sessions;
            do {
                Thread.sleep(100);
                sessions = sessions(target, app);
            } while (sessions > 1 && System.nanoTime() < deadline);
            assertEquals(1, sessions, "only the pool's connection");
        }
    }

    private static int sessions(JdbcTarget target, String app) throws SQLException {
        try (Connection c = target.connection();
             Statement s = c.createStatement();
             ResultSet r = s.executeQuery("SELECT count(*) FROM pg_stat_activity WHERE application_name = '" + app + "'")) {
            r.next();
            return r.getInt(1);
        }
    }

    @Test
    void newConnectionsFailAtTheServersRefusalWithWhichConnectionItWas() {
        String url = limitedUrl(TestServers.postgresUrl());
        BenchException e = assertThrows(BenchException.class, () -> {
            try (JdbcTarget target = JdbcTarget.open(url, null, null, 1)) {
                JdbcTarget.closeQuietly(target.newConnections(4));
            }
        });
        // the pool holds one of the two the role may have; of four starting at once one more opens, or none
        // (the server counts backends still starting against the limit)
        assertTrue(e.getMessage().matches(".*: the server refused connection [12] of the 4 the run opens: .*too many connections.*"),
                e.getMessage());
        assertTrue(e.getMessage().startsWith("cannot connect to jdbc:postgresql://"), e.getMessage());
    }

    @Test
    void aClosedTargetGivesNoConnectionAndSaysWhyAtOnce() {
        JdbcTarget target = JdbcTarget.open("jdbc:h2:mem:closed_" + System.nanoTime(), null, null, 2);
        target.close();
        SQLException e = assertThrows(SQLException.class, target::connection);
        assertTrue(e.getMessage().contains("has been closed"), e.getMessage());
    }

    @Test
    void aLargePoolWithAWrongPasswordFailsWithOneLineThatHidesIt() {
        String url = TestServers.postgresUrl().replaceFirst("password=[^&]*", "password=not-the-password");
        BenchException e = assertThrows(BenchException.class, () -> JdbcTarget.open(url, null, null, JdbcTarget.SERIAL_FILL_MAX + 12));
        assertTrue(e.getMessage().startsWith("cannot connect to jdbc:postgresql://"), e.getMessage());
        assertFalse(e.getMessage().contains("not-the-password"), e.getMessage());
        assertFalse(e.getMessage().contains("\n"), e.getMessage());
    }

    // bench_two may hold two connections (scripts/services.sh makes it): the third is refused for good

    @Test
    void aSmallPoolThatTheServerRefusesFailsAtOnceWithTheServersWords() {
        String failure = failureOfThreeConnections(limitedUrl(TestServers.postgresUrl()), 4);
        assertTrue(failure.contains("the server refused connection 3 of the 4 the run opens: "), failure);
        assertTrue(failure.contains("too many connections for role \"bench_two\""), failure);
    }

    @Test
    void aLargePoolThatTheServerRefusesFailsAtOnceWithTheServersWords() {
        String failure = failureOfThreeConnections(limitedUrl(TestServers.postgresUrl()), JdbcTarget.SERIAL_FILL_MAX + 4);
        // after the pool's first connection the rest open several at once, and PostgreSQL counts backends
        // still starting against the role's limit ("the connection limit is approximate", miscinit.c):
        // the second may be refused as well as the third
        assertTrue(failure.matches(".*: the server refused connection [23] of the 12 the run opens: .*too many connections.*"), failure);
        assertTrue(failure.startsWith("cannot connect to jdbc:postgresql://"), failure);
        assertFalse(failure.contains("password=bench"), failure);
    }

    /**
     * A pool of exactly the role's limit: the probe that checks the server's room is the pool's first
     * connection. Closed instead, its slot stayed taken until its backend exited, and a connection of the
     * pool could be refused (CI's container pass saw it).
     */
    @Test
    void aLargePoolOfExactlyTheRolesLimitOpens() throws SQLException {
        String url = TestServers.postgresUrl().replaceFirst("user=[^&]*", "user=bench_twelve").replaceFirst("password=[^&]*", "password=bench");
        try (Connection c = DriverManager.getConnection(url)) {
            c.isValid(1);
        } catch (SQLException e) {
            SkipOrFail.missing("no user bench_twelve with password bench (scripts/services.sh makes it): " + e.getMessage());
            return;
        }
        for (int round = 0; round < 3; round++) {
            awaitNoSessionsOf("bench_twelve", TestServers.postgresUrl());
            try (JdbcTarget target = JdbcTarget.open(url, null, null, 12);
                 Connection c = target.connection();
                 Statement s = c.createStatement();
                 ResultSet r = s.executeQuery("SELECT count(*) FROM pg_stat_activity WHERE usename = 'bench_twelve'")) {
                r.next();
                assertEquals(12, r.getInt(1), "the pool's connections, the probe among them (round " + round + ")");
            }
        }
    }

    @Test
    void mariadbsUserConnectionLimitIsARefusalToo() {
        String failure = failureOfThreeConnections(limitedUrl(TestServers.mysqlUrl()), 4);
        assertTrue(failure.contains("the server refused connection 3 of the 4 the run opens: "), failure);
        assertTrue(failure.contains("max_user_connections"), failure);
    }

    /**
     * The message of what fails first when a pool of this size opens and three connections are taken
     * from it: the refusal comes either while the pool fills (open) or when the third is asked for. Not
     * the pool's timeout: its message is "request timed out", 10 s later.
     */
    private static String failureOfThreeConnections(String url, int poolSize) {
        try (JdbcTarget target = JdbcTarget.open(url, null, null, poolSize);
             Connection first = target.connection();
             Connection second = target.connection();
             Connection third = target.connection()) {
            return fail("a third connection as bench_two");
        } catch (BenchException | SQLException e) {
            return e.getMessage();
        }
    }

    /** The URL as bench_two; skips (or fails, {@link SkipOrFail}) where that user does not exist: a server services.sh didn't set up. */
    private static String limitedUrl(String url) {
        String limited = url.replaceFirst("user=[^&]*", "user=bench_two").replaceFirst("password=[^&]*", "password=bench");
        try (Connection c = DriverManager.getConnection(limited)) {
            c.isValid(1);
        } catch (SQLException e) {
            return SkipOrFail.missing("no user bench_two with password bench (scripts/services.sh makes it): " + e.getMessage());
        }
        awaitNoSessionsOf("bench_two", url);
        return limited;
    }

    /**
     * The server frees a closed session's slot when its backend has gone, a moment after the client closed it:
     * a test opening bench_two's two connections one after the other right after this probe could be refused
     * its second.
     */
    private static void awaitNoSessionsOf(String user, String url) {
        String count = url.startsWith("jdbc:postgresql:")
                ? "SELECT count(*) FROM pg_stat_activity WHERE usename = '" + user + "'"
                : "SELECT COUNT(*) FROM information_schema.PROCESSLIST WHERE USER = '" + user + "'";
        long deadline = System.nanoTime() + 5_000_000_000L;
        try (Connection c = DriverManager.getConnection(url); Statement s = c.createStatement()) {
            while (System.nanoTime() < deadline) {
                try (ResultSet r = s.executeQuery(count)) {
                    r.next();
                    if (r.getLong(1) == 0) {
                        return;
                    }
                }
                Thread.sleep(20);
            }
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
