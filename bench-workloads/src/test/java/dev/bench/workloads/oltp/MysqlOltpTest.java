package dev.bench.workloads.oltp;

import dev.bench.core.testing.TestServers;
import org.junit.jupiter.api.Test;

import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/** Against a real MySQL-protocol server (MariaDB here): multi-row INSERT loading, error-code-ignored errors. */
class MysqlOltpTest extends OltpContract {
    @Override
    String url() {
        return TestServers.mysqlUrl();
    }

    @Test
    void aRunSurvivesKilledConnections() throws Exception {
        assertARunSurvivesKilledSessions(c -> {
            List<Long> ids = new ArrayList<>();
            try (Statement s = c.createStatement();
                 ResultSet rs = s.executeQuery("SELECT id FROM information_schema.processlist"
                         + " WHERE user = SUBSTRING_INDEX(CURRENT_USER(), '@', 1) AND db = DATABASE() AND id <> CONNECTION_ID()")) {
                while (rs.next()) {
                    ids.add(rs.getLong(1));
                }
            }
            for (long id : ids) {
                try (Statement s = c.createStatement()) {
                    s.execute("KILL CONNECTION " + id);
                } catch (java.sql.SQLException gone) {
                    // ended meanwhile
                }
            }
        });
    }
}
