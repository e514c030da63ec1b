package dev.bench.workloads.vote;

import dev.bench.core.testing.TestServers;

/** Against a real PostgreSQL (local server or container). */
class PostgresVoteServerTest extends VoteBackendContract {
    @Override
    String url() {
        return TestServers.postgresUrl();
    }
}
