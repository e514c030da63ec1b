package dev.bench.core.jdbc;

import dev.bench.core.ErrorKind;

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

    private SqlErrors() {
    }

    public static ErrorKind classify(Throwable failure) {
        for (Throwable t = failure; t != null; t = t.getCause()) {
            if (t instanceof SQLException sql) {
                return classify(sql);
            }
        }
        return ErrorKind.FATAL;
    }

    static ErrorKind classify(SQLException e) {
        String state = e.getSQLState();
        if (state != null && RETRY_STATES.contains(state) || RETRY_MYSQL_CODES.contains(e.getErrorCode())) {
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
