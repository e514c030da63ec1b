package dev.bench.workloads.vote;

import dev.bench.core.testing.ServerSessions;
import dev.bench.core.testing.TestServers;
import org.junit.jupiter.api.Test;

/** Against a real PostgreSQL (local server or container). */
class PostgresVoteServerTest extends JdbcVoteBackendContract {
    @Override
    String url() {
        return TestServers.postgresUrl();
    }

    @Test
    void aRunSurvivesTerminatedBackends() throws Exception {
        assertARunSurvivesKilledSessions(ServerSessions::killOthers);
    }
}
