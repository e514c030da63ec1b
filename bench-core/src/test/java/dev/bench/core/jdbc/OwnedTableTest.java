package dev.bench.core.jdbc;

import dev.bench.core.BenchException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class OwnedTableTest {

    private Connection connection;

    @BeforeEach
    void open() throws SQLException {
        connection = DriverManager.getConnection("jdbc:h2:mem:");
    }

    @AfterEach
    void close() throws SQLException {
        connection.close();
    }

    @Test
    void createsMarksAndReusesItsOwnTable() throws SQLException {
        OwnedTable table = new OwnedTable("bench-jmh", "jmh_t", "id INT PRIMARY KEY");
        table.ensure(connection);
        execute("INSERT INTO jmh_t VALUES (1)");
        table.ensure(connection);
        assertEquals(1, table.count(connection));
        table.truncate(connection);
        assertEquals(0, table.count(connection));
    }

    @Test
    void refusesAndLeavesAloneSomeoneElsesTable() throws SQLException {
        execute("CREATE TABLE jmh_t (id INT PRIMARY KEY)");
        execute("INSERT INTO jmh_t VALUES (7)");
        OwnedTable table = new OwnedTable("bench-jmh", "jmh_t", "id INT PRIMARY KEY");
        BenchException e = assertThrows(BenchException.class, () -> table.ensure(connection));
        assertTrue(e.getMessage().contains("'jmh_t' already exists"), e.getMessage());
        assertThrows(IllegalStateException.class, () -> table.truncate(connection));
        assertEquals(1, table.count(connection));
    }

    @Test
    void recreatesItsOwnTableAfterItWasDroppedByHand() throws SQLException {
        OwnedTable table = new OwnedTable("bench-jmh", "jmh_t", "id INT PRIMARY KEY");
        table.ensure(connection);
        execute("DROP TABLE jmh_t");
        table.ensure(connection);
        assertEquals(0, table.count(connection));
    }

    @Test
    void fillsOnlyWhenTheRowCountIsWrongAndLeavesAutoCommitAsItWas() throws SQLException {
        OwnedTable table = new OwnedTable("bench-jmh", "jmh_t", "id INT PRIMARY KEY, v INT NOT NULL");
        String insert = "INSERT INTO jmh_t (id, v) VALUES (?, ?)";
        table.fillIfNeeded(connection, 5, insert, (ps, id) -> {
            ps.setInt(1, id);
            ps.setInt(2, id * 10);
        });
        assertEquals(5, table.count(connection));
        assertTrue(connection.getAutoCommit());

        execute("UPDATE jmh_t SET v = -1 WHERE id = 3");
        table.fillIfNeeded(connection, 5, insert, (ps, id) -> {
            throw new AssertionError("a table with the right row count is not refilled");
        });
        assertEquals(-1, value(3));

        execute("DELETE FROM jmh_t WHERE id = 5");
        table.fillIfNeeded(connection, 5, insert, (ps, id) -> {
            ps.setInt(1, id);
            ps.setInt(2, id * 10);
        });
        assertEquals(5, table.count(connection));
        assertEquals(30, value(3));
    }

    private int value(int id) throws SQLException {
        try (Statement s = connection.createStatement(); ResultSet rs = s.executeQuery("SELECT v FROM jmh_t WHERE id = " + id)) {
            assertTrue(rs.next());
            return rs.getInt(1);
        }
    }

    private void execute(String sql) throws SQLException {
        try (Statement s = connection.createStatement()) {
            s.execute(sql);
        }
    }
}
