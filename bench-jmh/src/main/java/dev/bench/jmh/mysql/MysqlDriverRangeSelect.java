package dev.bench.jmh.mysql;

import dev.bench.core.jdbc.Dialect;
import dev.bench.core.jdbc.JdbcTarget;
import dev.bench.core.jdbc.OwnedTable;
import dev.bench.core.random.SplitMix64;
import dev.bench.core.ServerVariables;
import dev.bench.core.run.TargetSettings;
import dev.bench.jmh.JmhTables;
import dev.bench.workloads.oltp.OltpWorkloadType;
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
import org.openjdk.jmh.infra.ThreadParams;


import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.concurrent.TimeUnit;

/**
 * The two drivers for a MySQL-protocol server side by side, on oltp-rw's heaviest statement: sysbench's
 * simple range, 100 rows of CHAR(120), prepared once on the server and executed per op, every row's
 * column read, as oltp-rw does. Each driver is configured exactly as oltp-rw configures it (its
 * properties through the workload's own JdbcTarget, a HikariCP connection as oltp-rw's workers hold),
 * with TLS pinned off for both (Connector/J negotiates TLS where the server offers it, MariaDB's driver
 * doesn't). One thread, so the op time is the round trip plus each driver's own client work on that path.
 * BENCH_MYSQL_URL names the server; the scheme under test replaces its {@code jdbc:mysql}. Compare the
 * two with {@code AlternatingForks} (forks alternating between drivers), not one fork after the other.
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

    private SplitMix64 random;
    private JdbcTarget target;
    private Connection connection;
    private PreparedStatement range;

    @Setup
    public void setUp(ThreadParams thread) throws SQLException {
        random = new SplitMix64(42 + thread.getThreadIndex());
        String url = ServerVariables.require(ServerVariables.MYSQL_URL).replaceFirst("^jdbc:mysql:", scheme + ":");
        url = Dialect.MYSQL.withProperties(url, scheme.equals("jdbc:mysql") ? "sslMode=DISABLED" : "sslMode=disable");
        target = TargetSettings.url(url).withPoolSize(1).openUrlOrEmbedded(1, url, OltpWorkloadType::driverSettings);
        connection = target.connection();
        fillIfNeeded(connection);
        range = connection.prepareStatement("SELECT c FROM jmh_range WHERE id BETWEEN ? AND ?");
    }

    @TearDown
    public void tearDown() throws SQLException {
        if (connection != null) {
            connection.close();
        }
        if (target != null) {
            target.close();
        }
    }

    /** Reads every row's column, as sysbench does; returns a sum of their lengths so no work is dead code. */
    @Benchmark
    public long range() throws SQLException {
        int first = 1 + random.nextInt(ROWS - RANGE + 1);
        range.setInt(1, first);
        range.setInt(2, first + RANGE - 1);
        long chars = 0;
        try (ResultSet rs = range.executeQuery()) {
            while (rs.next()) {
                chars += rs.getString(1).length();
            }
        }
        return chars;
    }

    /** Synchronized: with {@code -t N} every thread's setup gets here, and only the first should fill. */
    private static synchronized void fillIfNeeded(Connection c) throws SQLException {
        new OwnedTable(JmhTables.OWNER, "jmh_range", "id INT PRIMARY KEY, c CHAR(120) NOT NULL").fillIfNeeded(c, ROWS,
                "INSERT INTO jmh_range (id, c) VALUES (?, ?)", (insert, id) -> {
                    insert.setInt(1, id);
                    insert.setString(2, ("row-" + id + "-").repeat(30).substring(0, 119));
                });
    }
}
