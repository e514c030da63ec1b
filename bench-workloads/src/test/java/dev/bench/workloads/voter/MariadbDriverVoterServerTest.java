package dev.bench.workloads.voter;

import dev.bench.core.testing.TestServers;

/** The MySQL-protocol contract again, through MariaDB's driver (jdbc:mariadb:) instead of Connector/J. */
class MariadbDriverVoterServerTest extends VoterContract {
    @Override
    String url() {
        return TestServers.mariadbDriverUrl();
    }
}
