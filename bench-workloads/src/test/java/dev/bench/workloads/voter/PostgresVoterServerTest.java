package dev.bench.workloads.voter;

import dev.bench.core.BenchException;
import dev.bench.core.testing.TestServers;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.Statement;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Against a real PostgreSQL (local server or container). */
class PostgresVoterServerTest extends VoterContract {
    @Override
    String url() {
        return TestServers.postgresUrl();
    }

    @Test
    void aForeignRoutineOfTheSameNameIsLeftAlone() throws Exception {
        try (Connection c = target.connection(); Statement s = c.createStatement()) {
            s.execute("DELETE FROM bench_owned_tables WHERE table_name = '" + VoterDatabase.ROUTINE_KEY + "'");
        }
        BenchException e = assertThrows(BenchException.class, () -> db.create(6));
        assertTrue(e.getMessage().contains("was not created by bench"), e.getMessage());
        try (Connection c = target.connection(); Statement s = c.createStatement()) {
            s.execute("INSERT INTO bench_owned_tables (table_name, workload, created_at) VALUES ('"
                    + VoterDatabase.ROUTINE_KEY + "', 'voter', 'test')");
        }
    }
}
