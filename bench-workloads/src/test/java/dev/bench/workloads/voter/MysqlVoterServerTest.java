package dev.bench.workloads.voter;

import dev.bench.core.testing.TestServers;

/** Against a real MySQL/MariaDB (local server or container). */
class MysqlVoterServerTest extends VoterContract {
    @Override
    String url() {
        return TestServers.mysqlUrl();
    }
}
