package dev.bench.jmh.postgres;

import dev.bench.core.jdbc.Dialect;
import dev.bench.core.ServerVariables;
import dev.bench.jmh.jdbc.BatchInsertBenchmark;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.postgresql.PGConnection;
import org.postgresql.copy.CopyManager;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;

/**
 * Batched insert through pgjdbc: a plain JDBC batch (one Bind/Execute per row, one round trip),
 * reWriteBatchedInserts=true (multi-row INSERTs), and COPY FROM STDIN through {@link CopyManager}.
 */
public class PostgresBatchInsert extends BatchInsertBenchmark {

    private static final String COPY = "COPY jmh_batch (id, k, payload) FROM STDIN";

    private final StringBuilder text = new StringBuilder(ROWS_PER_TXN * 64);

    @Override
    protected Connection open(boolean rewriteBatches) throws SQLException {
        String url = ServerVariables.require(ServerVariables.POSTGRES_URL);
        return DriverManager.getConnection(db().withProperties(url, "reWriteBatchedInserts=" + rewriteBatches));
    }

    @Override
    protected Dialect db() {
        return Dialect.POSTGRES;
    }

    /** The same rows as the batches, as COPY text (tab-separated, one line a row), in one transaction. */
    @Benchmark
    @OperationsPerInvocation(ROWS_PER_TXN)
    public long copy() throws SQLException, IOException {
        text.setLength(0);
        for (int i = 0; i < ROWS_PER_TXN; i++) {
            long id = nextId++;
            text.append(id).append('\t').append(id % 1000).append('\t').append(PAYLOAD).append('\n');
        }
        Connection c = plain();
        CopyManager copy = c.unwrap(PGConnection.class).getCopyAPI();
        byte[] bytes = text.toString().getBytes(StandardCharsets.UTF_8);
        long rows = copy.copyIn(COPY, new ByteArrayInputStream(bytes));
        c.commit();
        return rows;
    }
}
