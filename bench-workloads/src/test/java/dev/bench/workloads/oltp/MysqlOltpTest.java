package dev.bench.workloads.oltp;

import dev.bench.core.testing.ServerSessions;
import dev.bench.core.testing.TestServers;
import org.junit.jupiter.api.Test;

/** Against a real MySQL-protocol server (MariaDB here): multi-row INSERT loading, error-code-ignored errors. */
class MysqlOltpTest extends OltpContract {
    @Override
    String url() {
        return TestServers.mysqlUrl();
    }

    @Test
    void aRunSurvivesKilledConnections() throws Exception {
        assertARunSurvivesKilledSessions(ServerSessions::killOthers);
    }
}
