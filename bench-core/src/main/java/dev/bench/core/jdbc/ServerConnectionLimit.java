package dev.bench.core.jdbc;

import dev.bench.core.BenchException;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * A pool larger than the server takes, refused on its first connection: 2,000 threads against a PostgreSQL
 * of max_connections 100 otherwise opened connections for the pool's whole timeout, in silence, and then
 * failed. PostgreSQL and MySQL/MariaDB say their limit and their sessions; H2 and SQL Server have none
 * to ask here, and are left to the pool.
 */
final class ServerConnectionLimit {

    private ServerConnectionLimit() {
    }

    /** @throws BenchException naming the pool's size, the server's limit and the sessions it holds */
    static void check(Connection probe, Dialect dialect, int poolSize) throws SQLException {
        String sql = switch (dialect) {
            case POSTGRES -> "SELECT current_setting('max_connections')::int, current_setting('superuser_reserved_connections')::int, "
                    + "(SELECT count(*) FROM pg_stat_activity WHERE backend_type = 'client backend')";
            case MYSQL -> "SELECT @@max_connections, 0, (SELECT COUNT(*) FROM information_schema.processlist)";
            default -> null;
        };
        if (sql == null) {
            return;
        }
        long limit;
        long reserved;
        long inUse;
        try (Statement s = probe.createStatement(); ResultSet r = s.executeQuery(sql)) {
            r.next();
            limit = r.getLong(1);
            reserved = r.getLong(2);
            inUse = r.getLong(3);
        }
        long free = limit - reserved - inUse + 1; // the probe's own session is one the pool can have back
        if (poolSize > free) {
            throw new BenchException("the run's pool needs " + poolSize + " connections and the server takes at most "
                    + Math.max(free, 0) + " more (max_connections " + limit + (reserved > 0 ? ", " + reserved + " reserved" : "")
                    + ", " + inUse + " in use); run fewer threads or raise max_connections");
        }
    }
}
