package dev.bench.jmh.jdbc;

import dev.bench.core.jdbc.Dialect;
import dev.bench.core.jdbc.OwnedTable;
import dev.bench.jmh.JmhTables;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Threads;
import org.openjdk.jmh.annotations.Warmup;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.concurrent.TimeUnit;

/**
 * {@value #ROWS_PER_TXN} rows inserted and committed as one transaction; scores are rows/s. Subclasses
 * name the database and how to open a connection with the driver rewriting batches into multi-row
 * INSERTs or not; PostgreSQL adds COPY.
 *
 * <p>Every method measures the same table size: jmh_batch is emptied every
 * {@value #INVOCATIONS_PER_EMPTY} invocations (outside the measured time), so it holds 0 to
 * {@value #MAX_ROWS} rows whatever the method's speed. (Emptied once per iteration, as before, a faster
 * method filled a bigger table and paid for a bigger index: JMH sample 26.) Keys increase, so every row
 * also updates the primary-key index, as real inserts do. One thread only ({@code @Threads(1)}): the
 * key counter and the table belong to the benchmark, not to a thread.
 */
@Threads(1)
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 5)
@Measurement(iterations = 5, time = 5)
public abstract class BatchInsertBenchmark {

    public static final int ROWS_PER_TXN = 1000;
    static final int INVOCATIONS_PER_EMPTY = 10;
    static final int MAX_ROWS = ROWS_PER_TXN * INVOCATIONS_PER_EMPTY;
    static final String INSERT = "INSERT INTO jmh_batch (id, k, payload) VALUES (?, ?, ?)";
    /** 40 characters: a typical short text column. */
    protected static final String PAYLOAD = "0123456789abcdefghijklmnopqrstuvwxyzABCD";

    private Connection plain;
    private Connection rewriting;
    protected OwnedTable table;
    protected long nextId;
    private long invocations;

    /** @param rewriteBatches whether the driver should rewrite a batch into multi-row INSERTs */
    protected abstract Connection open(boolean rewriteBatches) throws SQLException;

    protected abstract Dialect db();

    @Setup
    public void setUp() throws SQLException {
        plain = open(false);
        rewriting = open(true);
        table = new OwnedTable(JmhTables.OWNER, "jmh_batch", "id BIGINT PRIMARY KEY, k INT NOT NULL, payload VARCHAR(100) NOT NULL");
        table.ensure(plain);
        plain.setAutoCommit(false);
        rewriting.setAutoCommit(false);
    }

    @Setup(Level.Iteration)
    public void empty() throws SQLException {
        table.truncate(plain);
        nextId = 1;
        invocations = 0;
    }

    /** Each invocation is a 1000-row transaction (milliseconds), so a per-invocation setup costs the timing nothing. */
    @Setup(Level.Invocation)
    public void keepTheTableSmall() throws SQLException {
        if (invocations++ > 0 && invocations % INVOCATIONS_PER_EMPTY == 1) {
            table.truncate(plain);
            nextId = 1;
        }
    }

    @TearDown
    public void tearDown() throws SQLException {
        if (plain != null) {
            if (table != null && table.isOurs()) {
                table.truncate(plain);  // leave no bulk behind
            }
            plain.close();
        }
        if (rewriting != null) {
            rewriting.close();
        }
    }

    @Benchmark
    @OperationsPerInvocation(ROWS_PER_TXN)
    public int[] jdbcBatch() throws SQLException {
        return insertBatch(plain);
    }

    @Benchmark
    @OperationsPerInvocation(ROWS_PER_TXN)
    public int[] rewrittenBatch() throws SQLException {
        return insertBatch(rewriting);
    }

    protected Connection plain() {
        return plain;
    }

    private int[] insertBatch(Connection c) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(INSERT)) {
            for (int i = 0; i < ROWS_PER_TXN; i++) {
                long id = nextId++;
                ps.setLong(1, id);
                ps.setInt(2, (int) (id % 1000));
                ps.setString(3, PAYLOAD);
                ps.addBatch();
            }
            int[] counts = ps.executeBatch();
            c.commit();
            return counts;
        }
    }
}
