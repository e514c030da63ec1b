package dev.bench.workloads.ycsb;

import dev.bench.core.run.TargetSettings;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;

/** On embedded H2 (in memory, kept open by the test's own connection pool). */
class H2YcsbTest extends YcsbContract {

    static final String URL = "jdbc:h2:mem:ycsbtest;DB_CLOSE_DELAY=-1";

    @Override
    String binding() {
        return "jdbc";
    }

    @Override
    TargetSettings target() {
        return new TargetSettings(URL, null, null, null, null, null, false);
    }

    @Override
    String table() {
        return "ycsb_contract";
    }

    @BeforeEach
    @AfterEach
    void dropTable() throws Exception {
        JdbcTables.drop(URL, table());
    }
}
