package dev.bench.jmh.mysql;

import dev.bench.core.jdbc.Dialect;
import dev.bench.core.random.SplitMix64;
import dev.bench.jmh.Servers;
import dev.bench.jmh.jdbc.OwnedTable;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.concurrent.TimeUnit;

/**
 * The two drivers for a MySQL-protocol server side by side, on oltp-rw's heaviest statement: sysbench's
 * simple range, 100 rows of CHAR(120), prepared once on the server and executed per op, as oltp-rw does.
 * One thread, so the op time is the round trip plus each driver's own client work on that path.
 * BENCH_MYSQL_URL names the server; the scheme under test replaces its {@code jdbc:mysql}.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 5)
@Measurement(iterations = 5, time = 5)
public class MysqlDriverRangeSelect {

    static final int ROWS = 10_000;
    static final int RANGE = 100;

    /** jdbc:mysql is MySQL's Connector/J, jdbc:mariadb MariaDB's. */
    @Param({"jdbc:mysql", "jdbc:mariadb"})
    public String scheme;

    private final SplitMix64 random = new SplitMix64(42);
    private Connection connection;
    private PreparedStatement range;

    @Setup
    public void setUp() throws SQLException {
        String url = Servers.require(Servers.MYSQL_URL).replaceFirst("^jdbc:mysql:", scheme + ":");
        connection = DriverManager.getConnection(Dialect.MYSQL.withProperties(url, "useServerPrepStmts=true"));
        fillIfNeeded(connection);
        range = connection.prepareStatement("SELECT c FROM jmh_range WHERE id BETWEEN ? AND ?");
    }

    @TearDown
    public void tearDown() throws SQLException {
        if (connection != null) {
            connection.close();
        }
    }

    /** Reads every row, as sysbench does; returns the row count so no work is dead code. */
    @Benchmark
    public int range() throws SQLException {
        int first = 1 + random.nextInt(ROWS - RANGE + 1);
        range.setInt(1, first);
        range.setInt(2, first + RANGE - 1);
        int rows = 0;
        try (ResultSet rs = range.executeQuery()) {
            while (rs.next()) {
                rows++;
            }
        }
        return rows;
    }

    /** Synchronized: with {@code -t N} every thread's setup gets here, and only the first should fill. */
    private static synchronized void fillIfNeeded(Connection c) throws SQLException {
        new OwnedTable("jmh_range", "id INT PRIMARY KEY, c CHAR(120) NOT NULL").fillIfNeeded(c, ROWS,
                "INSERT INTO jmh_range (id, c) VALUES (?, ?)", (insert, id) -> {
                    insert.setInt(1, id);
                    insert.setString(2, ("row-" + id + "-").repeat(30).substring(0, 119));
                });
    }
}
