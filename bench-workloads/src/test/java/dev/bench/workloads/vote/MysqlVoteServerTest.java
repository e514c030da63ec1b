package dev.bench.workloads.vote;

import dev.bench.core.testing.ServerSessions;
import dev.bench.core.testing.TestServers;
import org.junit.jupiter.api.Test;

/** Against a real MySQL-protocol server (MariaDB here; local server or container). */
class MysqlVoteServerTest extends JdbcVoteBackendContract {
    @Override
    String url() {
        return TestServers.mysqlUrl();
    }

    @Test
    void aRunSurvivesKilledConnections() throws Exception {
        assertARunSurvivesKilledSessions(ServerSessions::killOthers);
    }
}
