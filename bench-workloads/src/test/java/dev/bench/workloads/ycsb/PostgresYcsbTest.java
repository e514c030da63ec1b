package dev.bench.workloads.ycsb;

import dev.bench.core.BenchException;
import dev.bench.core.run.TargetSettings;
import dev.bench.core.testing.TestServers;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** On a real PostgreSQL: the load goes through COPY, the primary key after the data when the load creates the table. */
class PostgresYcsbTest extends YcsbContract {

    @Override
    String binding() {
        return "jdbc";
    }

    @Override
    TargetSettings target() {
        return new TargetSettings(TestServers.postgresUrl(), null, null, null, null, null, false);
    }

    @Override
    String table() {
        return "ycsb_contract_pg" + PROCESS;
    }

    /** A load that creates the table builds its primary key after the data; a run refuses a table whose key is missing. */
    @Test
    void theLoadAddsThePrimaryKeyAfterTheDataAndARunRequiresIt() throws Exception {
        Outcome load = phase("load", "a");
        assertTrue(load.phase().ok(), load.out());
        assertTrue(load.out().contains("# primary key built after the data: "), load.out());
        try (Connection c = DriverManager.getConnection(TestServers.postgresUrl()); Statement s = c.createStatement()) {
            ResultSet rs = s.executeQuery("SELECT COUNT(*) FROM pg_index WHERE indrelid = to_regclass('" + table() + "') AND indisprimary");
            rs.next();
            assertEquals(1, rs.getLong(1), "the primary key is there");
            s.execute("ALTER TABLE " + table() + " DROP CONSTRAINT " + table() + "_pkey");
        }
        BenchException e = assertThrows(BenchException.class, () -> phase("run", "a"));
        assertTrue(e.getMessage().startsWith(table() + " has no primary key: a load that was to add it after the data did not finish"),
                e.getMessage());
    }

    /** A load that shares the table (insertstart, insertcount) creates it with its key, as the other clients expect. */
    @Test
    void aLoadOfPartOfTheTableCreatesItWithItsKey() throws Exception {
        Outcome load = phase("load", "a", "insertstart", "0", "insertcount", "" + RECORDS / 2);
        assertTrue(load.phase().ok(), load.out());
        assertFalse(load.out().contains("# primary key built after the data"), load.out());
        Outcome rest = phase("load", "a", "insertstart", "" + RECORDS / 2, "insertcount", "" + RECORDS / 2);
        assertTrue(rest.phase().ok(), rest.out());
        assertTrue(rest.phase().check().verdict().contains("holds " + RECORDS + " rows"), rest.phase().check().verdict());
    }

    @BeforeEach
    @AfterEach
    void dropTable() throws Exception {
        JdbcTables.drop(TestServers.postgresUrl(), table());
    }
}
