package dev.bench.workloads.oltp;

import dev.bench.core.testing.ServerSessions;
import dev.bench.core.testing.TestServers;
import org.junit.jupiter.api.Test;

/** Against a real PostgreSQL (local server or container): COPY loading, SQLSTATE-ignored errors. */
class PostgresOltpTest extends OltpContract {
    @Override
    String url() {
        return TestServers.postgresUrl();
    }

    @Test
    void aRunSurvivesTerminatedBackends() throws Exception {
        assertARunSurvivesKilledSessions(ServerSessions::killOthers);
    }
}
