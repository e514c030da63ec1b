package dev.bench.workloads.tao;

import dev.bench.core.testing.TestServers;

/** Against a real MySQL or MariaDB (local server or container). */
class MysqlTaoTest extends TaoServerContract {
    @Override
    String url() {
        return TestServers.mysqlUrl();
    }
}
