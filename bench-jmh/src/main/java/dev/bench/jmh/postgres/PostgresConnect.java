package dev.bench.jmh.postgres;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import dev.bench.core.ServerVariables;
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
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.BenchmarkParams;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.concurrent.TimeUnit;

/**
 * What a pool saves: borrowing and returning a HikariCP connection vs opening (TCP, startup, password
 * authentication, backend process) and closing a new one per op. Neither runs a query.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 5)
@Measurement(iterations = 5, time = 5)
public class PostgresConnect {

    /**
     * Only the pooled benchmark pays for a pool. One pool shared by the benchmark's threads, as a
     * workload's workers share one, with a connection per thread: {@code -t N} measures N borrowers
     * that never wait for a connection.
     */
    @State(Scope.Benchmark)
    public static class Pool {
        HikariDataSource dataSource;

        @Setup
        public void setUp(BenchmarkParams params) {
            HikariConfig config = new HikariConfig();
            config.setJdbcUrl(ServerVariables.require(ServerVariables.POSTGRES_URL));
            config.setMaximumPoolSize(params.getThreads());
            config.setMinimumIdle(params.getThreads());
            config.setPoolName("jmh");
            dataSource = new HikariDataSource(config);
        }

        @TearDown
        public void tearDown() {
            dataSource.close();
        }
    }

    @State(Scope.Benchmark)
    public static class Url {
        String url;

        @Setup
        public void setUp() {
            url = ServerVariables.require(ServerVariables.POSTGRES_URL);
        }
    }

    @Benchmark
    public boolean hikariBorrowReturn(Pool pool) throws SQLException {
        try (Connection c = pool.dataSource.getConnection()) {
            return c.getAutoCommit();
        }
    }

    @Benchmark
    public boolean driverManagerOpenClose(Url url) throws SQLException {
        try (Connection c = DriverManager.getConnection(url.url)) {
            return c.getAutoCommit();
        }
    }
}
