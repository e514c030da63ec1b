package dev.bench.workloads.ycsb;

import dev.bench.core.run.TargetSettings;
import dev.bench.core.testing.TestServers;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;

/** On a real PostgreSQL: the load goes through COPY. */
class PostgresYcsbTest extends YcsbContract {

    @Override
    String binding() {
        return "jdbc";
    }

    @Override
    TargetSettings target() {
        return new TargetSettings(TestServers.postgresUrl(), null, null, null, null, null, false);
    }

    @Override
    String table() {
        return "ycsb_contract_pg";
    }

    @BeforeEach
    @AfterEach
    void dropTable() throws Exception {
        JdbcTables.drop(TestServers.postgresUrl(), table());
    }
}
