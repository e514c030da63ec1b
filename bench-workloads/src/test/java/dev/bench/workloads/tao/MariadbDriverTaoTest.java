package dev.bench.workloads.tao;

import dev.bench.core.testing.TestServers;

/** The MySQL-protocol contract again, through MariaDB's driver (jdbc:mariadb:) instead of Connector/J. */
class MariadbDriverTaoTest extends TaoServerContract {
    @Override
    String url() {
        return TestServers.mariadbDriverUrl();
    }
}
