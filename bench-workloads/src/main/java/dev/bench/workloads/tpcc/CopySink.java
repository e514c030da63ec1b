package dev.bench.workloads.tpcc;

import org.postgresql.PGConnection;
import org.postgresql.copy.CopyIn;

import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.concurrent.atomic.LongAdder;

/**
 * PostgreSQL's fastest load path: {@code COPY ... FROM STDIN} in text format through pgjdbc's
 * CopyManager, rows encoded straight into a byte buffer (the loader writes ASCII only) and sent in
 * chunks of {@value #CHUNK_BYTES} bytes.
 */
final class CopySink implements RowSink {

    private static final int CHUNK_BYTES = 1 << 18;

    private final Connection connection;
    private final CopyIn copy;
    private final LongAdder rows;
    private final byte[] timestamp;
    private final byte[] buffer = new byte[CHUNK_BYTES + 8192];
    private int length;
    private boolean rowStarted;
    private int pendingRows;

    CopySink(Connection connection, String table, String timestamp, LongAdder rows) throws SQLException {
        this.connection = connection;
        connection.setAutoCommit(true);
        this.copy = connection.unwrap(PGConnection.class).getCopyAPI().copyIn("COPY " + table + " FROM STDIN");
        this.timestamp = timestamp.getBytes(StandardCharsets.US_ASCII);
        this.rows = rows;
    }

    private void separate() {
        if (rowStarted) {
            buffer[length++] = '\t';
        }
        rowStarted = true;
    }

    @Override
    public RowSink add(long value) {
        separate();
        appendLong(value);
        return this;
    }

    private void appendLong(long value) {
        if (value < 0) {
            buffer[length++] = '-';
            value = -value;
        }
        int start = length;
        do {
            buffer[length++] = (byte) ('0' + value % 10);
            value /= 10;
        } while (value != 0);
        for (int i = start, j = length - 1; i < j; i++, j--) {
            byte b = buffer[i];
            buffer[i] = buffer[j];
            buffer[j] = b;
        }
    }

    @Override
    public RowSink add(String value) {
        if (value == null) {
            return addNull();
        }
        separate();
        for (int i = 0, n = value.length(); i < n; i++) {
            buffer[length++] = (byte) value.charAt(i);
        }
        return this;
    }

    @Override
    public RowSink addDecimal(long unscaled, int scale) {
        separate();
        if (unscaled < 0) {
            buffer[length++] = '-';
            unscaled = -unscaled;
        }
        long divisor = 1;
        for (int i = 0; i < scale; i++) {
            divisor *= 10;
        }
        appendLong(unscaled / divisor);
        if (scale > 0) {
            buffer[length++] = '.';
            long fraction = unscaled % divisor;
            for (long d = divisor / 10; d > 0; d /= 10) {
                buffer[length++] = (byte) ('0' + fraction / d % 10);
            }
        }
        return this;
    }

    @Override
    public RowSink addTimestamp() {
        separate();
        System.arraycopy(timestamp, 0, buffer, length, timestamp.length);
        length += timestamp.length;
        return this;
    }

    @Override
    public RowSink addNull() {
        separate();
        buffer[length++] = '\\';
        buffer[length++] = 'N';
        return this;
    }

    @Override
    public void endRow() throws SQLException {
        buffer[length++] = '\n';
        rowStarted = false;
        pendingRows++;
        if (length >= CHUNK_BYTES) {
            flush();
        }
    }

    private void flush() throws SQLException {
        if (length > 0) {
            copy.writeToCopy(buffer, 0, length);
            length = 0;
        }
        rows.add(pendingRows);
        pendingRows = 0;
    }

    @Override
    public void close() throws SQLException {
        try {
            flush();
            copy.endCopy();
        } finally {
            if (copy.isActive()) {
                copy.cancelCopy();
            }
            connection.close();
        }
    }
}
