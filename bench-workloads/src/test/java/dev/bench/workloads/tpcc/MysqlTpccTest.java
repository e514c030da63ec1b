package dev.bench.workloads.tpcc;

import dev.bench.core.testing.TestServers;

/** Against a real MySQL-protocol server (MariaDB here): the multi-row INSERT load path. */
class MysqlTpccTest extends TpccServerContract {
    @Override
    String url() {
        return TestServers.mysqlUrl();
    }

    @Override
    int scale() {
        return 1; // multi-row INSERTs load slower than COPY
    }
}
