package dev.bench.workloads.tao;

import dev.bench.core.testing.TestServers;

/** Against a real PostgreSQL (local server or container). */
class PostgresTaoTest extends TaoServerContract {
    @Override
    String url() {
        return TestServers.postgresUrl();
    }
}
