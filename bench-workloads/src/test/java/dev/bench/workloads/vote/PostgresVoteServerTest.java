package dev.bench.workloads.vote;

import dev.bench.core.testing.TestServers;
import org.junit.jupiter.api.Test;

import java.sql.Statement;

/** Against a real PostgreSQL (local server or container). */
class PostgresVoteServerTest extends JdbcVoteBackendContract {
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
