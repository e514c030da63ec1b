package dev.bench.workloads.pgbench;

import dev.bench.core.testing.TestServers;

/** A real PostgreSQL (local server or container): COPY loading, untyped text parameters. */
class PostgresPgbenchTest extends PgbenchContract {

    @Override
    String url() {
        return TestServers.postgresUrl();
    }
}
