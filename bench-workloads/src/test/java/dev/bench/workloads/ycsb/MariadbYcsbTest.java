package dev.bench.workloads.ycsb;

import dev.bench.core.run.TargetSettings;
import dev.bench.core.testing.TestServers;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;

/** On a real MariaDB (Connector/J): multi-row INSERTs. */
class MariadbYcsbTest extends YcsbContract {

    @Override
    String binding() {
        return "jdbc";
    }

    @Override
    TargetSettings target() {
        return new TargetSettings(TestServers.mysqlUrl(), null, null, null, null, null, false);
    }

    @Override
    String table() {
        return "ycsb_contract_my" + PROCESS;
    }

    @BeforeEach
    @AfterEach
    void dropTable() throws Exception {
        JdbcTables.drop(TestServers.mysqlUrl(), table());
    }
}
