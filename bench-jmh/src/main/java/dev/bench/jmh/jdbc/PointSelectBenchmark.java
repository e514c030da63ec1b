package dev.bench.jmh.jdbc;

import dev.bench.core.jdbc.Dialect;
import dev.bench.core.jdbc.OwnedTable;
import dev.bench.core.random.SplitMix64;
import dev.bench.jmh.JmhTables;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.infra.ThreadParams;
import org.openjdk.jmh.annotations.Warmup;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.concurrent.TimeUnit;

/**
 * One row by primary key from a {@value #ROWS}-row table. Subclasses pick the database and the driver
 * options under test (client-side vs server-side prepare, statement caches).
 *
 * <p>The statement is prepared per op, as application code usually does: what that costs depends on the
 * driver's statement cache and prepare mode, which is the point, and so do the round trips per op: one
 * where the driver prepares client-side or finds the server statement in its cache, three where it
 * prepares on the server without a cache (prepare, execute, close: Connector/J's
 * {@code useServerPrepStmts=true&cachePrepStmts=false}). Each thread has its own connection and its own
 * key stream (seeded by thread index).
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 5)
@Measurement(iterations = 5, time = 5)
public abstract class PointSelectBenchmark {

    public static final int ROWS = 10_000;
    static final String SELECT = "SELECT v FROM jmh_point WHERE id = ?";

    private SplitMix64 random;
    private Connection connection;

    /** Opens this thread's connection with the options under test. */
    protected abstract Connection open() throws SQLException;

    protected abstract Dialect db();

    @Setup
    public void setUp(ThreadParams thread) throws SQLException {
        random = new SplitMix64(42 + thread.getThreadIndex());
        connection = open();
        fillIfNeeded(connection);
    }

    @TearDown
    public void tearDown() throws SQLException {
        if (connection != null) {
            connection.close();
        }
    }

    @Benchmark
    public String select() throws SQLException {
        try (PreparedStatement ps = connection.prepareStatement(SELECT)) {
            ps.setInt(1, 1 + random.nextInt(ROWS));
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                return rs.getString(1);
            }
        }
    }

    /**
     * Creates jmh_point if absent and (re)fills it unless it already holds exactly rows 1..ROWS.
     * Synchronized: with {@code -t N} every thread's setup gets here, and only the first should fill.
     */
    static synchronized void fillIfNeeded(Connection c) throws SQLException {
        new OwnedTable(JmhTables.OWNER, "jmh_point", "id INT PRIMARY KEY, v VARCHAR(100) NOT NULL").fillIfNeeded(c, ROWS,
                "INSERT INTO jmh_point (id, v) VALUES (?, ?)", (insert, id) -> {
                    insert.setInt(1, id);
                    insert.setString(2, "value-" + id);
                });
    }
}
