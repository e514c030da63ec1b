package dev.bench.core.jdbc;

import dev.bench.core.BenchException;
import dev.bench.core.Failures;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.locks.LockSupport;

/**
 * Waits before a run until the replicas have replayed what the primary holds now: a table just created
 * (vote's priming, a YCSB load) is not on an asynchronous standby at once, and reads sent there before it
 * replays fail with "relation does not exist". PostgreSQL only: each of the replicas pool's connections
 * (a connection that landed on the primary has nothing to wait for) polls
 * {@code pg_last_wal_replay_lsn()} until it reaches the primary's {@code pg_current_wal_lsn()}.
 * Other dialects return at once.
 */
public final class ReplicaCatchUp {

    private static final long POLL_NANOS = 20_000_000;
    /** How long a run waits for its replicas before it starts. */
    public static final long TIMEOUT_MILLIS = 30_000;

    private ReplicaCatchUp() {
    }

    /**
     * @param timeoutMillis how long to wait at most
     * @throws BenchException a replica that has not caught up in time, or a query that failed (one line)
     */
    public static void await(JdbcTarget primary, JdbcTarget replicas, long timeoutMillis) {
        if (primary.dialect() != Dialect.POSTGRES || replicas == null) {
            return;
        }
        List<Connection> held = new ArrayList<>();
        try {
            String lsn;
            try (Connection c = primary.connection(); Statement s = c.createStatement();
                 ResultSet rs = s.executeQuery("SELECT pg_current_wal_lsn()::text")) {
                rs.next();
                lsn = rs.getString(1);
            }
            long deadline = System.nanoTime() + timeoutMillis * 1_000_000;
            for (int i = 0; i < replicas.poolSize(); i++) {
                held.add(replicas.connection()); // held, so the next one is another of the pool's
            }
            for (Connection c : held) {
                awaitOne(c, lsn, deadline, replicas.maskedUrl(), timeoutMillis);
            }
        } catch (SQLException e) {
            throw new BenchException("cannot tell whether the replicas at " + replicas.maskedUrl() + " caught up: "
                    + Failures.rootMessage(e), e);
        } finally {
            JdbcTarget.closeQuietly(held);
        }
    }

    private static void awaitOne(Connection c, String lsn, long deadline, String url, long timeoutMillis) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(
                "SELECT NOT pg_is_in_recovery() OR pg_last_wal_replay_lsn() >= ?::pg_lsn")) {
            ps.setString(1, lsn);
            while (true) {
                try (ResultSet rs = ps.executeQuery()) {
                    rs.next();
                    if (rs.getBoolean(1)) {
                        return;
                    }
                }
                if (System.nanoTime() - deadline > 0) {
                    throw new BenchException("a replica at " + url + " has not replayed the primary's WAL up to " + lsn
                            + " within " + timeoutMillis + " ms: is it streaming? (pg_stat_replication on the primary)");
                }
                LockSupport.parkNanos(POLL_NANOS);
            }
        }
    }
}
