package dev.bench.core.jdbc;

import dev.bench.core.BenchException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The registry's promise around a create: what bench creates is bench's even if it never got to say so. */
class OwnedTablesTest {

    private Connection connection;

    @BeforeEach
    void open() throws SQLException {
        connection = DriverManager.getConnection("jdbc:h2:mem:");
    }

    @AfterEach
    void close() throws SQLException {
        connection.close();
    }

    /** On MySQL a CREATE commits by itself; a connection lost right after it must not leave a foreign table. */
    @Test
    void aTableCreatedButNeverRegisteredIsStillOurs() throws SQLException {
        OwnedTables first = new OwnedTables(connection);
        first.dropOwnedOrRefuse(List.of("w_t"));
        first.claim("vote", List.of("w_t"));
        execute("CREATE TABLE w_t (id INT PRIMARY KEY)");
        // ... and the connection is lost before register()

        OwnedTables next = new OwnedTables(connection);
        assertTrue(next.isOwned("w_t"));
        next.dropOwnedOrRefuse(List.of("w_t"));
        assertFalse(next.exists("w_t"));
    }

    /** pgbench -i -I d drops and creates nothing: a table someone makes afterwards is theirs. */
    @Test
    void aDropAloneClaimsNothing() throws SQLException {
        OwnedTables tables = new OwnedTables(connection);
        tables.dropOwnedOrRefuse(List.of("w_t"));
        execute("CREATE TABLE w_t (id INT PRIMARY KEY)");
        assertFalse(tables.isOwned("w_t"));
        assertThrows(BenchException.class, () -> tables.dropOwnedOrRefuse(List.of("w_t")));
    }

    @Test
    void aClaimWithoutItsTableOwnsNothingAndRegisterNamesTheWorkload() throws SQLException {
        OwnedTables tables = new OwnedTables(connection);
        tables.dropOwnedOrRefuse(List.of("w_t"));
        tables.claim("vote", List.of("w_t"));
        assertFalse(tables.isOwned("w_t"));
        execute("CREATE TABLE w_t (id INT PRIMARY KEY)");
        tables.register("vote", List.of("w_t"));
        tables.register("vote", List.of("w_t"));  // once more: still one entry, the workload's
        assertTrue(tables.isOwned("w_t"));
        try (Statement s = connection.createStatement();
             var rs = s.executeQuery("SELECT workload FROM " + OwnedTables.REGISTRY + " WHERE table_name = 'w_t'")) {
            assertTrue(rs.next());
            assertTrue("vote".equals(rs.getString(1)));
            assertFalse(rs.next(), "one entry per table");
        }
    }

    @Test
    void stillRefusesSomeoneElsesTable() throws SQLException {
        execute("CREATE TABLE w_t (id INT PRIMARY KEY)");
        BenchException e = assertThrows(BenchException.class, () -> new OwnedTables(connection).dropOwnedOrRefuse(List.of("w_t")));
        assertTrue(e.getMessage().contains("not created by bench"), e.getMessage());
        assertTrue(new OwnedTables(connection).exists("w_t"));
    }

    private void execute(String sql) throws SQLException {
        try (Statement s = connection.createStatement()) {
            s.execute(sql);
        }
    }
}
