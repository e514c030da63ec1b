package dev.bench.workloads.tpcc;

import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.util.Collections;
import java.util.concurrent.atomic.LongAdder;

/**
 * JDBC load path: MySQL/MariaDB get multi-row INSERTs of {@code rowsPerStatement} rows (what
 * Connector/J's rewriteBatchedStatements would build, without depending on that URL flag); H2, in
 * process, gets plain JDBC batches of single-row INSERTs. Commits every {@value #COMMIT_ROWS} rows.
 */
final class InsertSink implements RowSink {

    private static final int COMMIT_ROWS = 20_000;

    private final Connection connection;
    private final String table;
    private final int columns;
    private final int rowsPerStatement;
    private final Timestamp timestamp;
    private final LongAdder rows;
    private final Object[] values;
    private final PreparedStatement full;
    private int filled;
    private int uncommitted;

    InsertSink(Connection connection, String table, int columns, int rowsPerStatement, Timestamp timestamp,
               LongAdder rows) throws SQLException {
        this.connection = connection;
        this.table = table;
        this.columns = columns;
        this.rowsPerStatement = rowsPerStatement;
        this.timestamp = timestamp;
        this.rows = rows;
        this.values = new Object[columns * rowsPerStatement];
        connection.setAutoCommit(false);
        this.full = connection.prepareStatement(insert(rowsPerStatement));
    }

    private String insert(int rowCount) {
        String row = "(" + String.join(", ", Collections.nCopies(columns, "?")) + ")";
        return "INSERT INTO " + table + " VALUES " + String.join(", ", Collections.nCopies(rowCount, row));
    }

    private RowSink put(Object value) {
        values[filled++] = value;
        return this;
    }

    @Override
    public RowSink add(long value) {
        return put(value);
    }

    @Override
    public RowSink add(String value) {
        return put(value);
    }

    @Override
    public RowSink addDecimal(long unscaled, int scale) {
        return put(BigDecimal.valueOf(unscaled, scale));
    }

    @Override
    public RowSink addTimestamp() {
        return put(timestamp);
    }

    @Override
    public RowSink addNull() {
        return put(null);
    }

    @Override
    public void endRow() throws SQLException {
        if (filled % columns != 0) {
            throw new IllegalStateException(table + ": row of " + filled % columns + " values, expected " + columns);
        }
        if (rowsPerStatement == 1) {
            bind(full, 1);
            full.addBatch();
            filled = 0;
            if (++uncommitted % 1000 == 0) {
                full.executeBatch();
                rows.add(1000);
            }
            commitEvery();
        } else if (filled == values.length) {
            bind(full, rowsPerStatement);
            full.executeUpdate();
            filled = 0;
            uncommitted += rowsPerStatement;
            rows.add(rowsPerStatement);
            commitEvery();
        }
    }

    private void bind(PreparedStatement ps, int rowCount) throws SQLException {
        for (int i = 0; i < rowCount * columns; i++) {
            ps.setObject(i + 1, values[i]);
        }
    }

    private void commitEvery() throws SQLException {
        if (uncommitted >= COMMIT_ROWS) {
            if (rowsPerStatement == 1) {
                full.executeBatch();
                rows.add(uncommitted % 1000);
            }
            connection.commit();
            uncommitted = 0;
        }
    }

    @Override
    public void close() throws SQLException {
        try {
            if (rowsPerStatement == 1) {
                full.executeBatch();
                rows.add(uncommitted % 1000);
            } else if (filled > 0) {
                int rowCount = filled / columns;
                try (PreparedStatement tail = connection.prepareStatement(insert(rowCount))) {
                    bind(tail, rowCount);
                    tail.executeUpdate();
                }
                rows.add(rowCount);
            }
            connection.commit();
        } finally {
            full.close();
            connection.setAutoCommit(true);
            connection.close();
        }
    }
}
