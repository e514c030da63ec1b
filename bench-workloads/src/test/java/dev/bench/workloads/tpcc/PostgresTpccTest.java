package dev.bench.workloads.tpcc;

import dev.bench.core.testing.TestServers;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;

/** Against a real PostgreSQL: the COPY load path. */
class PostgresTpccTest extends TpccServerContract {
    @Override
    String url() {
        return TestServers.postgresUrl();
    }

    @Override
    int scale() {
        return 2; // remote warehouses
    }

    @Override
    void killOtherSessions(Connection c) throws SQLException {
        try (Statement s = c.createStatement()) {
            s.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
                    + " WHERE usename = current_user AND datname = current_database() AND pid <> pg_backend_pid()");
        }
    }
}
