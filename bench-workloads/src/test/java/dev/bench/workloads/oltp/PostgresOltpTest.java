package dev.bench.workloads.oltp;

import dev.bench.core.testing.TestServers;
import org.junit.jupiter.api.Test;

import java.sql.Statement;

/** Against a real PostgreSQL (local server or container): COPY loading, SQLSTATE-ignored errors. */
class PostgresOltpTest extends OltpContract {
    @Override
    String url() {
        return TestServers.postgresUrl();
    }

    @Test
    void aRunSurvivesTerminatedBackends() throws Exception {
        assertARunSurvivesKilledSessions(c -> {
            try (Statement s = c.createStatement()) {
                s.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
                        + " WHERE usename = current_user AND datname = current_database() AND pid <> pg_backend_pid()");
            }
        });
    }
}
