package dev.bench.workloads.oltp;

import dev.bench.core.testing.TestServers;

/** The MySQL-protocol contract again, through MariaDB's driver (jdbc:mariadb:) instead of Connector/J. */
class MariadbDriverOltpTest extends MysqlOltpTest {
    @Override
    String url() {
        return TestServers.mariadbDriverUrl();
    }
}
