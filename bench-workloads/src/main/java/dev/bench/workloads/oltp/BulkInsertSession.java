package dev.bench.workloads.oltp;

import dev.bench.core.Batch;
import dev.bench.core.Session;
import dev.bench.core.jdbc.JdbcTarget;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * One thread of sysbench's bulk_insert.lua: each event appends the row {@code (n,n)} (n = this thread's
 * event count) to one multi-row {@code INSERT INTO sbtestT VALUES ...} into the thread's own table
 * (T = thread + 1), sent when the next row would pass sysbench's 512 KiB query buffer, and the rest when
 * the thread ends (its thread_done), in autocommit: neither driver asks for COMMITs. Each INSERT sent is
 * one "write" in sysbench's counts.
 *
 * <p>Threading: one worker thread (Session contract).
 */
final class BulkInsertSession implements Session {

    /** sysbench's BULK_PACKET_SIZE, which includes the C string's terminating NUL. */
    static final int BUFFER_BYTES = 512 * 1024;

    private final Connection connection;
    private final OltpWorkload workload;
    private final int worker;
    private final StringBuilder query = new StringBuilder();
    private final int valuesAt;
    private int pending;
    private long rows;

    BulkInsertSession(Connection connection, OltpWorkload workload, int worker) throws SQLException {
        this.connection = connection;
        this.workload = workload;
        this.worker = worker;
        this.rows = workload.bulkRowsOf(worker); // a reconnected thread goes on from its last id
        connection.setAutoCommit(true);
        query.append("INSERT INTO ").append(workload.settings().table(worker + 1)).append(" VALUES");
        valuesAt = query.length();
    }

    @Override
    public void execute(Batch batch) throws Exception {
        String row = "(" + (rows + 1) + "," + (rows + 1) + ")";
        int comma = pending > 0 ? 1 : 0;
        if (query.length() + row.length() + 1 + comma > BUFFER_BYTES) {
            send(batch.isMeasured(0));
            comma = 0;
        }
        if (comma > 0) {
            query.append(',');
        }
        query.append(row);
        pending++;
        rows++;
        workload.bulkRowAdded(worker);
        workload.fairness().completed(worker, batch);
    }

    /** The INSERT with the rows so far; counted unless the event that filled it is warmup. */
    private void send(boolean measured) throws SQLException {
        if (pending == 0) {
            return;
        }
        try (Statement st = connection.createStatement()) {
            st.executeUpdate(query.toString());
        }
        if (measured) {
            workload.counters().add(0, 1, 0);
        }
        query.setLength(valuesAt);
        pending = 0;
    }

    @Override
    public void abort() {
        JdbcTarget.abort(connection);
    }

    /** sysbench's thread_done: the last INSERT; the engine closes quietly, so a failure is kept for the run's check. */
    @Override
    public void close() throws Exception {
        try {
            if (!connection.isClosed()) {
                send(true);
            }
        } catch (SQLException e) {
            workload.bulkFailed(e);
        } finally {
            connection.close();
        }
    }
}
