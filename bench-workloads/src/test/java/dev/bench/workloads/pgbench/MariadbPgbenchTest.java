package dev.bench.workloads.pgbench;

import dev.bench.core.testing.TestServers;

/** MariaDB through its own driver: multi-row inserts, seq_1_to_N for step G, BEGIN/END as JDBC calls. */
class MariadbPgbenchTest extends PgbenchContract {

    @Override
    String url() {
        return TestServers.mariadbDriverUrl();
    }

    @Override
    String initSteps() {
        return "dtGvpf";
    }
}
