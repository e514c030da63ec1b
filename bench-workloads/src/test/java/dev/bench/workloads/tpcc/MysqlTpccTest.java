package dev.bench.workloads.tpcc;

import dev.bench.core.testing.TestServers;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/** Against a real MySQL-protocol server (MariaDB here): the multi-row INSERT load path. */
class MysqlTpccTest extends TpccServerContract {
    @Override
    String url() {
        return TestServers.mysqlUrl();
    }

    @Override
    int scale() {
        return 1; // multi-row INSERTs load slower than COPY
    }

    @Override
    void killOtherSessions(Connection c) throws SQLException {
        List<Long> ids = new ArrayList<>();
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT id FROM information_schema.processlist"
                + " WHERE user = SUBSTRING_INDEX(CURRENT_USER(), '@', 1) AND db = DATABASE() AND id <> CONNECTION_ID()")) {
            while (rs.next()) {
                ids.add(rs.getLong(1));
            }
        }
        try (Statement s = c.createStatement()) {
            for (long id : ids) {
                s.execute("KILL CONNECTION " + id);
            }
        }
    }
}
