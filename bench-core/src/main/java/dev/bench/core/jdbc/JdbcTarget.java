package dev.bench.core.jdbc;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import com.zaxxer.hikari.util.DriverDataSource;
import dev.bench.core.BenchException;
import dev.bench.core.Failures;
import dev.bench.core.Secrets;

import javax.sql.DataSource;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.SQLException;
import java.util.HashMap;
import java.util.Map;

/**
 * A SQL database under test: one HikariCP pool per run, sized to the workers, opened eagerly so a
 * wrong URL, host or password fails at once with one line that names the (masked) URL.
 *
 * <p>Threading: {@link #connection()} from any thread; {@link #close()} once, after the run.
 */
public final class JdbcTarget implements AutoCloseable {

    /** Pools up to this size are filled by HikariCP's one adder thread ({@link #fillInParallel}). */
    static final int SERIAL_FILL_MAX = 8;

    private final HikariDataSource pool;
    /** The pool's own driver, URL and properties, for a connection outside it ({@link #newConnection}). */
    private final DataSource unpooled;
    private final Dialect dialect;
    private final String maskedUrl;
    private final String serverVersion;

    private JdbcTarget(HikariDataSource pool, DataSource unpooled, Dialect dialect, String maskedUrl, String serverVersion) {
        this.pool = pool;
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
        JdbcDriver driver = JdbcDriver.fromUrl(url);
        ClientTls.prepareFor(driver);
        String masked = Secrets.maskUrl(url);
        if (poolSize < 1) {
            throw new BenchException("pool size must be >= 1, got " + poolSize);
        }
        HikariConfig config = new HikariConfig();
        config.setJdbcUrl(url);
        if (user != null) {
            config.setUsername(user);
        }
        if (password != null) {
            config.setPassword(password);
        }
        config.setMaximumPoolSize(poolSize);
        config.setMinimumIdle(poolSize);
        config.setPoolName("bench");
        config.setConnectionTimeout(10_000);
        config.setInitializationFailTimeout(1);
        config.setExceptionOverrideClassName(KeepRetryableConnections.class.getName());
        Map<String, String> defaults = new HashMap<>(driver.defaultProperties());
        defaults.putAll(driverDefaults);
        for (Map.Entry<String, String> p : defaults.entrySet()) {
            if (!url.contains(p.getKey() + "=")) {
                config.addDataSourceProperty(p.getKey(), p.getValue());
            }
        }
        DataSource unpooled;
        HikariDataSource pool;
        try {
            unpooled = new DriverDataSource(url, null, config.getDataSourceProperties(), user, password);
            if (poolSize > SERIAL_FILL_MAX) {
                fillInParallel(config, unpooled);
            }
            pool = new HikariDataSource(config);
        } catch (SQLException | RuntimeException e) {
            throw new BenchException("cannot connect to " + masked + ": " + Failures.rootMessage(e), e);
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
    private static void fillInParallel(HikariConfig config, DataSource unpooled) throws SQLException {
        try (Connection probe = unpooled.getConnection()) {
            probe.getAutoCommit(); // a live session: the server takes connections
        }
        System.setProperty("com.zaxxer.hikari.blockUntilFilled", "true");
        config.setInitializationFailTimeout(config.getConnectionTimeout());
    }

    public Connection connection() throws SQLException {
        return pool.getConnection();
    }

    /**
     * A new physical connection outside the pool, set up as the pool's are (pgbench's {@code -C}: one
     * connection per transaction, to measure connecting). The caller closes it.
     */
    public Connection newConnection() throws SQLException {
        return unpooled.getConnection();
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

    @Override
    public void close() {
        pool.close();
    }
}
