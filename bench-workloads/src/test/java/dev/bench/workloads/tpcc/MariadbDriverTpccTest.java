package dev.bench.workloads.tpcc;

import dev.bench.core.testing.TestServers;

/** The MySQL-protocol contract again, through MariaDB's driver (jdbc:mariadb:) instead of Connector/J. */
class MariadbDriverTpccTest extends MysqlTpccTest {
    @Override
    String url() {
        return TestServers.mariadbDriverUrl();
    }
}
