package dev.bench.workloads.pgbench;

import org.postgresql.core.BaseConnection;
import org.postgresql.core.TransactionState;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;

/** A script's transaction control on a JDBC connection: its BEGIN/END as JDBC's calls, and JDBC kept in step with the server. */
final class TransactionControl {

    private TransactionControl() {
    }

    /** BEGIN/END and friends as JDBC calls; true when the statement was one of them. */
    static boolean apply(Connection connection, Command.Query q) throws SQLException {
        switch (q.transaction()) {
            case BEGIN -> connection.setAutoCommit(false);
            case BEGIN_WITH_OPTIONS -> {
                // BEGIN ISOLATION LEVEL ...: the options apply to the transaction JDBC opens next
                connection.setAutoCommit(false);
                try (Statement st = connection.createStatement()) {
                    st.execute("SET TRANSACTION " + Command.Transaction.options(q.text()));
                }
            }
            case COMMIT -> {
                if (!connection.getAutoCommit()) {
                    connection.commit();
                    connection.setAutoCommit(true);
                }
            }
            case ROLLBACK -> {
                if (!connection.getAutoCommit()) {
                    connection.rollback();
                    connection.setAutoCommit(true);
                }
            }
            default -> {
                return false;
            }
        }
        return true;
    }

    /**
     * BEGIN, COMMIT or an error inside a pipeline moved the server's transaction without JDBC's knowing:
     * auto-commit follows the server again, so an END after the pipeline commits, the end-of-script check
     * sees an open transaction and the rollback after an error is sent.
     */
    static void followServer(Connection connection) {
        try {
            boolean idle = connection.unwrap(BaseConnection.class).getTransactionState() == TransactionState.IDLE;
            if (connection.getAutoCommit() != idle) {
                connection.setAutoCommit(idle);
            }
        } catch (SQLException broken) {
            // the connection is gone: the error that broke it is already on its way up
        }
    }
}
