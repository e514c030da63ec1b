package dev.bench.core.jdbc;

import org.junit.jupiter.api.Test;

import java.io.PrintWriter;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.logging.Logger;
import javax.sql.DataSource;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** The way to the server: fails at once before it ever served, polls briefly for a server that comes back. */
class RefusalTrackingDataSourceTest {

    private static final Connection CONNECTION = (Connection) Proxy.newProxyInstance(Connection.class.getClassLoader(),
            new Class<?>[] {Connection.class}, (proxy, method, args) -> null);
    private static final SQLException REFUSED = new SQLException("Connection refused", "08001");
    private static final SQLException BAD_PASSWORD = new SQLException("password authentication failed", "28P01");

    /** A driver that answers from a script: a connection, or an exception, one per attempt. */
    private static final class Scripted implements DataSource {
        final Deque<Object> answers;
        int attempts;

        Scripted(List<Object> answers) {
            this.answers = new ArrayDeque<>(answers);
        }

        @Override
        public Connection getConnection() throws SQLException {
            attempts++;
            Object next = answers.poll();
            if (next instanceof SQLException e) {
                throw e;
            }
            return (Connection) next;
        }

        @Override
        public Connection getConnection(String user, String password) {
            throw new UnsupportedOperationException();
        }

        @Override
        public PrintWriter getLogWriter() {
            return null;
        }

        @Override
        public void setLogWriter(PrintWriter out) {
        }

        @Override
        public void setLoginTimeout(int seconds) {
        }

        @Override
        public int getLoginTimeout() {
            return 0;
        }

        @Override
        public Logger getParentLogger() {
            return null;
        }

        @Override
        public <T> T unwrap(Class<T> type) {
            return null;
        }

        @Override
        public boolean isWrapperFor(Class<?> type) {
            return false;
        }
    }

    @Test
    void beforeItEverServedAFailureIsReportedAtOnce() {
        Scripted driver = new Scripted(List.of(REFUSED, CONNECTION));
        assertSame(REFUSED, assertThrows(SQLException.class, () -> new RefusalTrackingDataSource(driver).getConnection()));
        assertEquals(1, driver.attempts, "a wrong address fails fast");
    }

    @Test
    void aServerThatComesBackIsFoundWithinOneAttempt() throws SQLException {
        Scripted driver = new Scripted(List.of(CONNECTION, REFUSED, REFUSED, REFUSED, CONNECTION));
        RefusalTrackingDataSource source = new RefusalTrackingDataSource(driver);
        source.getConnection();
        assertSame(CONNECTION, source.getConnection(), "the pool's attempt waits out the outage");
        assertEquals(5, driver.attempts);
    }

    @Test
    void aRefusalIsNotWaitedOutAndNeitherIsALongOutage() {
        Scripted refusing = new Scripted(List.of(CONNECTION, BAD_PASSWORD, CONNECTION));
        RefusalTrackingDataSource source = new RefusalTrackingDataSource(refusing);
        assertThrows(SQLException.class, () -> {
            source.getConnection();
            source.getConnection();
        });
        assertEquals(2, refusing.attempts, "waiting won't change a wrong password");
        assertSame(BAD_PASSWORD, source.refusal());

        Scripted down = new Scripted(List.of(CONNECTION, REFUSED, REFUSED, REFUSED, REFUSED, REFUSED, REFUSED, REFUSED, REFUSED));
        RefusalTrackingDataSource bounded = new RefusalTrackingDataSource(down, TimeUnit.MILLISECONDS.toNanos(50));
        assertThrows(SQLException.class, () -> {
            bounded.getConnection();
            bounded.getConnection();
        });
        assertEquals(true, down.attempts >= 3 && down.attempts <= 6, "polled every 20 ms for 50 ms: " + down.attempts);
    }
}
