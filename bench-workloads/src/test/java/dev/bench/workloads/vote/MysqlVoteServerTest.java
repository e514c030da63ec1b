package dev.bench.workloads.vote;

import dev.bench.core.testing.TestServers;

/** Against a real MySQL-protocol server (MariaDB here; local server or container). */
class MysqlVoteServerTest extends VoteBackendContract {
    @Override
    String url() {
        return TestServers.mysqlUrl();
    }
}
