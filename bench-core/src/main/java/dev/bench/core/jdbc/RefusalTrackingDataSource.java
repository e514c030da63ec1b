package dev.bench.core.jdbc;

import dev.bench.core.Failures;

import java.io.PrintWriter;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.util.Set;
import java.util.concurrent.atomic.AtomicReference;
import java.util.logging.Logger;
import javax.sql.DataSource;

/**
 * The pool's way to the server, remembering whether its latest attempt was refused for a reason that
 * waiting will not change: no free connection slot, a wrong password, no such database. HikariCP
 * retries such attempts until its timeout (10 s here, twice over for a large pool); {@link JdbcTarget}
 * asks this instead and fails at once, as pgbench does with "sorry, too many clients already".
 *
 * <p>Threading: any thread; HikariCP's adder threads connect, workers ask {@link #refusal()}.
 */
final class RefusalTrackingDataSource implements DataSource {

    /** PostgreSQL: too many connections (server, role or database limit), bad login, no such database. */
    private static final Set<String> REFUSED_STATES = Set.of("53300", "28000", "28P01", "3D000");
    /**
     * MySQL/MariaDB: too many connections, the user's connection limit and resource limits, no access to
     * the database, unknown database, bad login.
     */
    private static final Set<Integer> REFUSED_MYSQL_CODES = Set.of(1040, 1203, 1226, 1044, 1049, 1045);

    private final DataSource driver;
    /** The latest attempt's refusal; null after a success (a slot may have come free since). */
    private final AtomicReference<SQLException> refusal = new AtomicReference<>();

    RefusalTrackingDataSource(DataSource driver) {
        this.driver = driver;
    }

    /** The server's refusal of the latest attempt to connect, or null if it did not refuse. */
    SQLException refusal() {
        return refusal.get();
    }

    /** "the server refused connection 98 of the 120 the run opens: FATAL: sorry, too many clients already". */
    static String refusedMessage(int held, int opening, SQLException refused) {
        return "the server refused connection " + (held + 1) + " of the " + opening + " the run opens: "
                + Failures.rootMessage(refused);
    }

    static boolean isRefusal(SQLException e) {
        return e.getSQLState() != null && REFUSED_STATES.contains(e.getSQLState())
                || REFUSED_MYSQL_CODES.contains(e.getErrorCode());
    }

    @Override
    public Connection getConnection() throws SQLException {
        try {
            Connection c = driver.getConnection();
            refusal.set(null);
            return c;
        } catch (SQLException e) {
            refusal.set(isRefusal(e) ? e : null);
            throw e;
        }
    }

    @Override
    public Connection getConnection(String username, String password) throws SQLException {
        throw new SQLFeatureNotSupportedException("the user and password are the target's");
    }

    @Override
    public PrintWriter getLogWriter() throws SQLException {
        return driver.getLogWriter();
    }

    @Override
    public void setLogWriter(PrintWriter out) throws SQLException {
        driver.setLogWriter(out);
    }

    @Override
    public void setLoginTimeout(int seconds) throws SQLException {
        driver.setLoginTimeout(seconds);
    }

    @Override
    public int getLoginTimeout() throws SQLException {
        return driver.getLoginTimeout();
    }

    @Override
    public Logger getParentLogger() throws SQLFeatureNotSupportedException {
        return driver.getParentLogger();
    }

    @Override
    public <T> T unwrap(Class<T> type) throws SQLException {
        if (type.isInstance(this)) {
            return type.cast(this);
        }
        return driver.unwrap(type);
    }

    @Override
    public boolean isWrapperFor(Class<?> type) throws SQLException {
        return type.isInstance(this) || driver.isWrapperFor(type);
    }
}
