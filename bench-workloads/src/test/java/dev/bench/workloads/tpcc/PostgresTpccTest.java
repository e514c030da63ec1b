package dev.bench.workloads.tpcc;

import dev.bench.core.testing.TestServers;

/** Against a real PostgreSQL: the COPY load path. */
class PostgresTpccTest extends TpccServerContract {
    @Override
    String url() {
        return TestServers.postgresUrl();
    }

    @Override
    int scale() {
        return 2; // remote warehouses
    }
}
