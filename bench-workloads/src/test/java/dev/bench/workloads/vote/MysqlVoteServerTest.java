package dev.bench.workloads.vote;

import dev.bench.core.testing.TestServers;
import org.junit.jupiter.api.Test;

import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/** Against a real MySQL-protocol server (MariaDB here; local server or container). */
class MysqlVoteServerTest extends JdbcVoteBackendContract {
    @Override
    String url() {
        return TestServers.mysqlUrl();
    }

    @Test
    void aRunSurvivesKilledConnections() throws Exception {
        assertARunSurvivesKilledSessions(c -> {
            List<Long> ids = new ArrayList<>();
            try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(
                    "SELECT id FROM information_schema.processlist WHERE user = SUBSTRING_INDEX(CURRENT_USER(), '@', 1)"
                            + " AND db = DATABASE() AND id <> CONNECTION_ID()")) {
                while (rs.next()) {
                    ids.add(rs.getLong(1));
                }
            }
            try (Statement s = c.createStatement()) {
                for (long id : ids) {
                    s.execute("KILL CONNECTION " + id);
                }
            }
        });
    }
}
