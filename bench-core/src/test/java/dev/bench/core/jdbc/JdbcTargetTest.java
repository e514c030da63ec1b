package dev.bench.core.jdbc;

import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.SQLTimeoutException;
import java.sql.Statement;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

class JdbcTargetTest {

    @Test
    void aConnectionThatHitALockTimeoutStaysOpenForTheRetry() throws SQLException {
        String url = "jdbc:h2:mem:lock_timeout_" + System.nanoTime() + ";DB_CLOSE_DELAY=-1;LOCK_TIMEOUT=100";
        try (JdbcTarget target = JdbcTarget.open(url, null, null, 2);
             Connection holder = target.connection();
             Connection waiter = target.connection()) {
            try (Statement s = holder.createStatement()) {
                s.execute("CREATE TABLE t (id INT PRIMARY KEY, v INT)");
                s.execute("INSERT INTO t VALUES (1, 0)");
            }
            holder.setAutoCommit(false);
            try (Statement s = holder.createStatement()) {
                s.executeUpdate("UPDATE t SET v = 1 WHERE id = 1");
            }
            // H2 reports the lock timeout as an SQLTimeoutException, which HikariCP would evict for
            assertThrows(SQLTimeoutException.class, () -> {
                try (Statement s = waiter.createStatement()) {
                    s.executeUpdate("UPDATE t SET v = 2 WHERE id = 1");
                }
            });
            holder.commit();

            assertFalse(waiter.isClosed());
            try (Statement s = waiter.createStatement()) {
                assertEquals(1, s.executeUpdate("UPDATE t SET v = 2 WHERE id = 1"), "the retry on the same connection");
            }
        }
    }
}
