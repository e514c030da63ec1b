package dev.bench.workloads.tpcc;

import java.sql.SQLException;

/**
 * Where the loader writes one table's rows, column by column in CREATE TABLE order, in each server's
 * fastest way: {@link CopySink} (PostgreSQL COPY) or {@link InsertSink} (JDBC batches).
 *
 * <p>Threading: one loader thread per sink, one sink per connection.
 */
interface RowSink extends AutoCloseable {

    RowSink add(long value);

    /** A string value; null writes SQL NULL. Strings the loader writes never hold tabs, newlines or backslashes. */
    RowSink add(String value);

    /** A DECIMAL given as unscaled value and scale: (-1000, 2) is -10.00. */
    RowSink addDecimal(long unscaled, int scale);

    /** The load's one timestamp (c_since, h_date, o_entry_d, ol_delivery_d of delivered orders). */
    RowSink addTimestamp();

    RowSink addNull();

    void endRow() throws SQLException;

    /** Sends what is buffered and ends the stream; the rows are committed when this returns. */
    @Override
    void close() throws SQLException;
}
