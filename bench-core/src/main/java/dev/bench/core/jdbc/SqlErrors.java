package dev.bench.core.jdbc;

import dev.bench.core.ErrorKind;

import java.io.EOFException;
import java.net.SocketException;
import java.nio.channels.ClosedChannelException;
import java.sql.SQLException;
import java.sql.SQLNonTransientConnectionException;
import java.sql.SQLRecoverableException;
import java.sql.SQLTransientConnectionException;
import java.util.Set;

/**
 * Classifies SQL failures the way every JDBC workload needs: contention is retried (mandatory for
 * CockroachDB's 40001), a lost connection is re-opened, anything else stops the run with its message.
 */
public final class SqlErrors {

    /** Serialization failure, deadlock (standard and PostgreSQL), H2's lock timeout. */
    private static final Set<String> RETRY_STATES = Set.of("40001", "40P01", "HYT00");
    /** MySQL/MariaDB: deadlock, lock wait timeout, record changed since last read. */
    private static final Set<Integer> RETRY_MYSQL_CODES = Set.of(1213, 1205, 1020);
    /** PostgreSQL: admin shutdown, crash shutdown, cannot connect now. */
    private static final Set<String> CONNECTION_STATES = Set.of("57P01", "57P02", "57P03");

    /**
     * H2 2.3's deadlock victim sometimes fails with a general error instead of 40001: its own rollback
     * races the one the deadlock detector started. It is the deadlock, so it is retried like one.
     */
    private static final String H2_DEADLOCK_RACE = "illegally transitioned from ROLLING_BACK";

    /** Chains are short; the bound only guards against a driver that links an exception to itself. */
    private static final int MAX_CHAIN = 50;

    private SqlErrors() {
    }

    /**
     * Walks the cause chain, and each SQLException's {@code getNextException} chain too: JDBC reports
     * the real reason for a failed batch there (a deadlock inside a BatchUpdateException, say), as
     * HikariCP's {@code ProxyConnection.checkException} also knows. The most actionable kind found wins:
     * connection loss, then contention, else fatal.
     */
    public static ErrorKind classify(Throwable failure) {
        ErrorKind found = ErrorKind.FATAL;
        int seen = 0;
        boolean underSql = false;
        for (Throwable t = failure; t != null && seen < MAX_CHAIN; t = t.getCause(), seen++) {
            if (underSql && isSocketLoss(t)) {
                return ErrorKind.CONNECTION;
            }
            if (t instanceof SQLException sql) {
                underSql = true;
                for (SQLException e = sql; e != null && seen < MAX_CHAIN; e = e.getNextException(), seen++) {
                    ErrorKind kind = classifyOne(e);
                    if (kind == ErrorKind.CONNECTION) {
                        return kind;
                    }
                    if (kind == ErrorKind.RETRYABLE) {
                        found = kind;
                    }
                }
            }
        }
        return found;
    }

    /**
     * A driver's error caused by its socket failing: the connection is gone, whatever the SQLSTATE says.
     * Connector/J reports a connection killed while it read a reply's body as a general error (S1000,
     * "Expected to read 120 bytes, read 9 bytes before connection was unexpectedly lost") over an
     * EOFException, not as its CommunicationsException (08S01).
     */
    private static boolean isSocketLoss(Throwable t) {
        return t instanceof EOFException || t instanceof SocketException || t instanceof ClosedChannelException
                || t.getClass().getName().endsWith("CommunicationsException");
    }

    /** H2's deadlock reported as a general error (see {@link #H2_DEADLOCK_RACE}). */
    public static boolean isH2DeadlockRace(SQLException e) {
        return "HY000".equals(e.getSQLState()) && e.getMessage() != null && e.getMessage().contains(H2_DEADLOCK_RACE);
    }

    private static ErrorKind classifyOne(SQLException e) {
        String state = e.getSQLState();
        if (state != null && RETRY_STATES.contains(state) || RETRY_MYSQL_CODES.contains(e.getErrorCode())
                || isH2DeadlockRace(e)) {
            return ErrorKind.RETRYABLE;
        }
        if (e instanceof SQLRecoverableException || e instanceof SQLTransientConnectionException
                || e instanceof SQLNonTransientConnectionException
                || state != null && (state.startsWith("08") || CONNECTION_STATES.contains(state))) {
            return ErrorKind.CONNECTION;
        }
        return ErrorKind.FATAL;
    }
}
