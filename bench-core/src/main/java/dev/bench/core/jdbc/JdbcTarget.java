package dev.bench.core.jdbc;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import com.zaxxer.hikari.pool.HikariPool;
import com.zaxxer.hikari.util.DriverDataSource;
import dev.bench.core.BenchException;
import dev.bench.core.Failures;
import dev.bench.core.Secrets;

import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.SQLException;
import java.sql.SQLNonTransientConnectionException;
import java.sql.SQLTransientConnectionException;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;

/**
 * A SQL database under test: one HikariCP pool per run, sized to the workers, opened eagerly so a
 * wrong URL, host or password fails at once with one line that names the (masked) URL. A server that
 * refuses more connections (its limit, the role's, the database's) fails the same way at once, not
 * after the pool's timeout ({@link RefusalTrackingDataSource}).
 *
 * <p>Threading: {@link #connection()} from any thread; {@link #close()} once, after the run.
 */
public final class JdbcTarget implements AutoCloseable {

    /** Pools up to this size are filled by HikariCP's one adder thread ({@link #fillInParallel}). */
    static final int SERIAL_FILL_MAX = 8;
    /** How long a worker waits for a connection from the pool (HikariCP's connection timeout). */
    private static final long CONNECTION_TIMEOUT_MILLIS = 10_000;
    /** A worker waiting for a connection checks this often whether the server refused it for good. */
    private static final long REFUSAL_CHECK_MILLIS = 50;

    private final HikariDataSource pool;
    /** The pool itself, for waits in slices ({@link #connection}). */
    private final HikariPool borrower;
    /** The pool's own driver, URL and properties, for a connection outside it ({@link #newConnection}). */
    private final RefusalTrackingDataSource unpooled;
    private final Dialect dialect;
    private final String maskedUrl;
    private final String serverVersion;

    private JdbcTarget(HikariDataSource pool, RefusalTrackingDataSource unpooled, Dialect dialect, String maskedUrl,
                       String serverVersion) {
        this.pool = pool;
        this.borrower = (HikariPool) pool.getHikariPoolMXBean();
        this.unpooled = unpooled;
        this.dialect = dialect;
        this.maskedUrl = maskedUrl;
        this.serverVersion = serverVersion;
    }

    /**
     * @param user     null to use what the URL says
     * @param password null to use what the URL says
     */
    public static JdbcTarget open(String url, String user, String password, int poolSize) {
        return open(url, user, password, poolSize, Map.of());
    }

    /**
     * @param driverDefaults a workload's own driver properties, set like the driver's defaults: each
     *                       unless the URL names it (the user's URL wins)
     */
    public static JdbcTarget open(String url, String user, String password, int poolSize,
                                  Map<String, String> driverDefaults) {
        return open(url, user, password, poolSize, driverDefaults, false);
    }

    /**
     * A pool of read-only connections ({@code Connection.setReadOnly(true)}, which pgjdbc sends as
     * read-only transactions and Connector/J's replication URLs route to replicas): where reads-to
     * replicas sends a workload's read-only ops. Opened as {@link #open} opens the primary's.
     */
    public static JdbcTarget openReadOnly(String url, String user, String password, int poolSize,
                                          Map<String, String> driverDefaults) {
        return open(url, user, password, poolSize, driverDefaults, true);
    }

    private static JdbcTarget open(String url, String user, String password, int poolSize,
                                   Map<String, String> driverDefaults, boolean readOnly) {
        JdbcDriver driver = JdbcDriver.fromUrl(url);
        ClientTls.prepareFor(driver);
        String masked = Secrets.maskUrl(url);
        if (poolSize < 1) {
            throw new BenchException("pool size must be >= 1, got " + poolSize);
        }
        Properties properties = new Properties();
        Map<String, String> defaults = new HashMap<>(driver.defaultProperties());
        defaults.putAll(driverDefaults);
        for (Map.Entry<String, String> p : defaults.entrySet()) {
            if (!url.contains(p.getKey() + "=")) {
                properties.setProperty(p.getKey(), p.getValue());
            }
        }
        HikariDataSource pool;
        RefusalTrackingDataSource unpooled;
        try {
            unpooled = new RefusalTrackingDataSource(new DriverDataSource(url, null, properties, user, password));
        } catch (RuntimeException e) {
            throw new BenchException("cannot connect to " + masked + ": " + Failures.rootMessage(e), e);
        }
        try {
            HikariConfig config = new HikariConfig();
            config.setDataSource(unpooled);
            // HikariCP tells drivers' quirks by the URL; the DataSource still connects. Without it, Connector/J (which
            // applies a network timeout on the executor it is given) got a thread pool, not HikariCP's synchronous
            // executor, and a validation's 5 s could land after its restore: that connection's reads failed after 5 s.
            config.setJdbcUrl(masked);
            config.setMaximumPoolSize(poolSize);
            config.setMinimumIdle(poolSize);
            config.setPoolName(readOnly ? "bench-replicas" : "bench");
            config.setReadOnly(readOnly);
            config.setConnectionTimeout(CONNECTION_TIMEOUT_MILLIS);
            config.setInitializationFailTimeout(1);
            config.setExceptionOverrideClassName(KeepRetryableConnections.class.getName());
            if (poolSize > SERIAL_FILL_MAX) {
                fillInParallel(config, unpooled, driver.dialect(), poolSize);
            }
            pool = new HikariDataSource(config) {
                /** Once the server refuses for good, HikariCP's fill stops: its wait for a full pool ends. */
                @Override
                public int getMinimumIdle() {
                    return unpooled.refusal() == null ? super.getMinimumIdle() : 0;
                }
            };
        } catch (SQLException | RuntimeException e) {
            unpooled.closeUnadopted();
            throw new BenchException("cannot connect to " + masked + ": " + Failures.rootMessage(e), e);
        }
        SQLException refused = unpooled.refusal();
        if (refused != null) {
            String message = "cannot connect to " + masked + ": " + refusedMessage(pool, poolSize, refused);
            pool.close();
            throw new BenchException(message, refused);
        }
        try (Connection c = pool.getConnection()) {
            DatabaseMetaData meta = c.getMetaData();
            String version = meta.getDatabaseProductName() + " " + meta.getDatabaseProductVersion();
            return new JdbcTarget(pool, unpooled, driver.dialect(), masked, version);
        } catch (SQLException e) {
            pool.close();
            throw new BenchException("cannot connect to " + masked + ": " + Failures.rootMessage(e), e);
        }
    }

    /**
     * HikariCP adds connections one at a time, 30 ms apart: 64 took 3 s against PostgreSQL here. With
     * its blockUntilFilled property it opens them on up to min(16, cores) threads and returns once it
     * holds them all; that wait ticks every 100 ms, so small pools are left to the serial filler. The
     * wait is bounded by the initialization timeout, which also retries a failing first connection once
     * a second: one connection outside the pool first makes a wrong URL, host or password fail at once.
     */
    private static void fillInParallel(HikariConfig config, RefusalTrackingDataSource unpooled, Dialect dialect, int poolSize)
            throws SQLException {
        Connection probe = unpooled.getConnection();
        try {
            probe.getAutoCommit(); // a live session: the server takes connections
            ServerConnectionLimit.check(probe, dialect, poolSize);
        } catch (SQLException | RuntimeException e) {
            try {
                probe.close();
            } catch (SQLException alsoFailed) {
                e.addSuppressed(alsoFailed); // the check's failure is the one to report
            }
            throw e;
        }
        unpooled.adopt(probe); // the pool's first connection: no slot waits on a closed session's exit
        System.setProperty("com.zaxxer.hikari.blockUntilFilled", "true");
        config.setInitializationFailTimeout(config.getConnectionTimeout());
    }

    /**
     * A connection from the pool, waiting for one up to the pool's timeout; at once an
     * {@link SQLNonTransientConnectionException} if the server refused the pool's latest attempt for a
     * reason waiting will not change (see {@link RefusalTrackingDataSource}).
     */
    public Connection connection() throws SQLException {
        long deadline = System.nanoTime() + CONNECTION_TIMEOUT_MILLIS * 1_000_000;
        while (true) {
            if (pool.isClosed()) {
                return pool.getConnection(); // the data source's own check: it throws "... has been closed"
            }
            try {
                return borrower.getConnection(REFUSAL_CHECK_MILLIS);
            } catch (SQLTransientConnectionException e) {
                SQLException refused = unpooled.refusal();
                if (refused != null) {
                    throw new SQLNonTransientConnectionException(refusedMessage(pool, pool.getMaximumPoolSize(), refused),
                            refused.getSQLState(), refused.getErrorCode(), refused);
                }
                if (System.nanoTime() - deadline > 0) {
                    throw e;
                }
            }
        }
    }

    /** "the server refused connection 98 of the 120 the run opens: FATAL: sorry, too many clients already". */
    private static String refusedMessage(HikariDataSource pool, int poolSize, SQLException refused) {
        return RefusalTrackingDataSource.refusedMessage(pool.getHikariPoolMXBean().getTotalConnections(), poolSize, refused);
    }

    /**
     * A new physical connection outside the pool, set up as the pool's are (pgbench's {@code -C}: one
     * connection per transaction, to measure connecting). The caller closes it.
     */
    public Connection newConnection() throws SQLException {
        return unpooled.getConnection();
    }

    /**
     * {@code count} new physical connections outside the pool, opened a few at a
     * time (see {@link ParallelOpens}). The caller closes them.
     *
     * @throws BenchException at the first failure or an interrupt, one line (a refusal says which
     *                        connection it was); no connection is left open, also those still being opened
     */
    public List<Connection> newConnections(int count) {
        return ParallelOpens.open(unpooled, count, maskedUrl);
    }

    /** Closes each connection, ignoring failures (connections being given up). */
    public static void closeQuietly(Iterable<Connection> connections) {
        for (Connection c : connections) {
            try {
                c.close();
            } catch (SQLException | RuntimeException ignored) {
                // given up already: a broken connection's close error changes nothing
            }
        }
    }

    /**
     * Cuts a connection off at once ({@link Connection#abort}): a call blocked on it in another thread
     * returns with an error. Never blocks the caller on the driver's locks; never throws.
     */
    public static void abort(Connection connection) {
        if (connection == null) {
            return;
        }
        try {
            connection.abort(Runnable::run);
        } catch (SQLException | RuntimeException ignored) {
            // already closed, or a driver without abort: nothing more can be done from here
        }
    }

    /**
     * The number ({@link dev.bench.core.Hosts}) of the server this connection is open to, asked of the
     * server once ({@link ServerAddress}): call it when a session takes its connection, never per op.
     */
    public int hostOf(Connection connection) throws SQLException {
        return ServerAddress.hostOf(connection, dialect);
    }

    /** The pool's connections. */
    public int poolSize() {
        return pool.getMaximumPoolSize();
    }

    public Dialect dialect() {
        return dialect;
    }

    /** The URL with any password masked: safe to print and to store. */
    public String maskedUrl() {
        return maskedUrl;
    }

    public String serverVersion() {
        return serverVersion;
    }

    /** What a SQL benchmark puts at the top of summary.json ({@code Benchmark.describe()}): target (masked), server. */
    public Map<String, Object> summaryFields() {
        Map<String, Object> fields = new LinkedHashMap<>();
        fields.put("target", maskedUrl);
        fields.put("server", serverVersion);
        return fields;
    }

    @Override
    public void close() {
        unpooled.stopWaiting(); // an adder polling for a lost server would hold the pool's shutdown
        pool.close();
    }
}
