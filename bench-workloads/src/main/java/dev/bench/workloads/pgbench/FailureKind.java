package dev.bench.workloads.pgbench;

import java.sql.SQLException;

/** pgbench's kinds of failed transaction (--failures-detailed), read from the error's SQLSTATE or MySQL code. */
enum FailureKind {
    SERIALIZATION, DEADLOCK, OTHER;

    private static final int MYSQL_DEADLOCK = 1213;

    static FailureKind of(SQLException failure) {
        for (SQLException e = failure; e != null; e = e.getNextException()) {
            if ("40P01".equals(e.getSQLState()) || e.getErrorCode() == MYSQL_DEADLOCK) {
                return DEADLOCK;
            }
            if ("40001".equals(e.getSQLState())) {
                return SERIALIZATION;
            }
            if (e.getNextException() == e) {
                break;
            }
        }
        return OTHER;
    }
}
