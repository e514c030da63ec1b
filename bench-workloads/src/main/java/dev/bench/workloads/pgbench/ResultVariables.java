package dev.bench.workloads.pgbench;

import dev.bench.core.jdbc.Dialect;

import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Locale;

/**
 * A statement's results read to the end, and \gset's or \aset's row stored into the client's variables;
 * {@code script}, {@code command} and {@code query} say where the statement is, for pgbench's errors.
 */
final class ResultVariables {

    private final Dialect dialect;
    private final Variables variables;
    private final int clientId;

    ResultVariables(Dialect dialect, Variables variables, int clientId) {
        this.dialect = dialect;
        this.variables = variables;
        this.clientId = clientId;
    }

    /** Reads every result; \gset takes the one row of the last, \aset the last row of every result. */
    void consume(Statement st, boolean rows, Command.Results results, String prefix, int script, int command, int query)
            throws SQLException {
        while (true) {
            if (rows) {
                try (ResultSet rs = st.getResultSet()) {
                    store(rs, results, prefix, script, command, query);
                }
            } else if (st.getUpdateCount() == -1) {
                return;
            } else if (results == Command.Results.GSET) {
                throw new ClientAbort(resultError("expected one row, got 0", script, command, query), null);
            }
            rows = st.getMoreResults();
        }
    }

    /** pgbench's error about a command's result: {@code client N script S command C query Q: ...}. */
    private String resultError(String what, int script, int command, int query) {
        return "client " + clientId + " script " + script + " command " + command + " query " + query + ": " + what;
    }

    private void store(ResultSet rs, Command.Results results, String prefix, int script, int command, int query)
            throws SQLException {
        ResultSetMetaData meta = rs.getMetaData();
        int count = 0;
        String[] row = null;
        while (rs.next()) {
            count++;
            if (results == Command.Results.DISCARD || results == Command.Results.GSET && count > 1) {
                continue;
            }
            row = new String[meta.getColumnCount()];
            for (int col = 1; col <= row.length; col++) {
                row[col - 1] = rs.getString(col);
            }
        }
        if (results == Command.Results.GSET && count != 1) {
            throw new ClientAbort(resultError("expected one row, got " + count, script, command, query), null);
        }
        if (row == null) {
            return; // discarded, or no row for \aset: nothing stored
        }
        for (int col = 1; col <= row.length; col++) {
            String label = meta.getColumnLabel(col);
            // PostgreSQL names columns as pgbench sees them; the other databases upper-case unquoted names
            String name = prefix + (dialect == Dialect.POSTGRES ? label : label.toLowerCase(Locale.ROOT));
            if (variables.raw(name) == null && !Variables.isValidName(name)) {
                throw new ClientAbort(resultError("error storing into variable " + name, script, command, query), null);
            }
            if (row[col - 1] == null) {
                variables.set(name, Value.NULL);
            } else {
                variables.setText(name, row[col - 1]);
            }
        }
    }
}
