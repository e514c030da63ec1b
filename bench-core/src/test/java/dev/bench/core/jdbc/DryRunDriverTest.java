package dev.bench.core.jdbc;

import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** sysbench's --mysql-dry-run driver: through the same pool as a server's, every call succeeds and changes nothing. */
class DryRunDriverTest {

    @Test
    void aPoolOfDryConnectionsAnswersEveryCallWithNothing() throws Exception {
        try (JdbcTarget target = JdbcTarget.open(DryRunDriver.PREFIX + "mysql", null, null, 2)) {
            assertTrue(DryRunDriver.isDryRun(target));
            assertEquals(Dialect.MYSQL, target.dialect(), "MySQL's SQL, as sysbench's mysql driver's");
            assertTrue(target.serverVersion().startsWith(DryRunDriver.PRODUCT), target.serverVersion());
            try (Connection c = target.connection()) {
                c.setAutoCommit(false);
                assertFalse(c.getAutoCommit());
                try (PreparedStatement ps = c.prepareStatement("SELECT c FROM sbtest1 WHERE id = ?")) {
                    ps.setInt(1, 7);
                    try (ResultSet rs = ps.executeQuery()) {
                        assertFalse(rs.next(), "a query returns no rows");
                        assertEquals(0, rs.getMetaData().getColumnCount());
                    }
                }
                try (PreparedStatement ps = c.prepareStatement("INSERT INTO sbtest1 VALUES (?)")) {
                    ps.setInt(1, 1);
                    ps.addBatch();
                    ps.addBatch();
                    assertArrayEquals(new int[] {0, 0}, ps.executeBatch(), "each batched statement changed no row");
                    assertEquals(0, ps.executeUpdate());
                }
                try (Statement s = c.createStatement()) {
                    assertFalse(s.execute("DROP TABLE sbtest1"), "no result set");
                    assertEquals(-1, s.getUpdateCount());
                    assertFalse(c.getMetaData().getTables(null, null, "sbtest1", null).next(), "no tables");
                }
                c.commit();
                assertTrue(c.isValid(1));
            }
        }
    }

    @Test
    void otherUrlsAreNotItsOwn() {
        assertFalse(JdbcDriver.fromUrl("jdbc:mysql://h/db") == JdbcDriver.DRY_RUN);
        assertEquals(JdbcDriver.DRY_RUN, JdbcDriver.fromUrl(DryRunDriver.PREFIX + "mysql"));
    }
}
