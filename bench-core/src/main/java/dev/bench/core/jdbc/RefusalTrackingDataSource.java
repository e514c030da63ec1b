package dev.bench.core.jdbc;

import dev.bench.core.Failures;

import java.io.PrintWriter;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;
import java.util.logging.Logger;
import javax.sql.DataSource;

/**
 * The pool's way to the server, remembering whether its latest attempt was refused for a reason that
 * waiting will not change: no free connection slot, a wrong password, no such database. HikariCP
 * retries such attempts until its timeout (10 s here, twice over for a large pool); {@link JdbcTarget}
 * asks this instead and fails at once, as pgbench does with "sorry, too many clients already".
 *
 * <p>It also closes the gap a failover leaves: once a connection has been made, an attempt that finds no
 * server (refused, or no node a primary yet) keeps trying every {@value #COMEBACK_POLL_MS} ms for up to
 * {@value #COMEBACK_WAIT_MS} ms before it fails. HikariCP's adder backs off 10 ms, 20, 40 ... between
 * attempts, so after an outage of L its first connection could come up to L after the new primary was
 * ready; a run's unavailability window then ended that much late against the server's own log.
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

    static final long COMEBACK_WAIT_MS = 1_000;
    static final long COMEBACK_POLL_MS = 20;

    private final DataSource driver;
    private final long comebackWaitNanos;
    /** Whether a connection was ever made: until then a failure is reported at once (a wrong address fails fast). */
    private volatile boolean served;
    /** Set when the pool closes: no attempt waits any more. */
    private volatile boolean stopped;
    /** The latest attempt's refusal; null after a success (a slot may have come free since). */
    private final AtomicReference<SQLException> refusal = new AtomicReference<>();
    /** A connection already open, handed out by the next attempt instead of a new one (see {@link #adopt}). */
    private final AtomicReference<Connection> adopted = new AtomicReference<>();

    RefusalTrackingDataSource(DataSource driver) {
        this(driver, TimeUnit.MILLISECONDS.toNanos(COMEBACK_WAIT_MS));
    }

    RefusalTrackingDataSource(DataSource driver, long comebackWaitNanos) {
        this.driver = driver;
        this.comebackWaitNanos = comebackWaitNanos;
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

    /**
     * The next attempt returns this connection instead of opening one. A probe closed before the pool fills
     * keeps its slot on the server until its backend has exited, a moment later: a user whose limit is the
     * pool's size was refused a connection the probe had just given back.
     */
    void adopt(Connection open) {
        closeQuietly(adopted.getAndSet(open));
    }

    /** Closes an adopted connection nobody took (the pool failed before it asked). */
    void closeUnadopted() {
        closeQuietly(adopted.getAndSet(null));
    }

    private static void closeQuietly(Connection c) {
        if (c != null) {
            try {
                c.close();
            } catch (SQLException ignored) {
                // it was never used by the run
            }
        }
    }

    @Override
    public Connection getConnection() throws SQLException {
        Connection ready = adopted.getAndSet(null);
        if (ready != null) {
            return ready;
        }
        long deadline = System.nanoTime() + comebackWaitNanos;
        while (true) {
            try {
                Connection c = driver.getConnection();
                refusal.set(null);
                served = true;
                return c;
            } catch (SQLException e) {
                refusal.set(isRefusal(e) ? e : null);
                if (!served || stopped || !isNoServerYet(e) || System.nanoTime() - deadline > 0) {
                    throw e;
                }
                LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(COMEBACK_POLL_MS));
                if (Thread.currentThread().isInterrupted()) {
                    throw e;
                }
            }
        }
    }

    /** From now on, attempts fail at once again: the pool is closing. */
    void stopWaiting() {
        stopped = true;
    }

    /** No server took the connection (refused, unreachable, none a primary yet, or one still starting up). */
    static boolean isNoServerYet(SQLException e) {
        String state = e.getSQLState();
        return state != null && (state.startsWith("08") || state.equals("57P03"));
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
