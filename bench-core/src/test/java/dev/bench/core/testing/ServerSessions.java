package dev.bench.core.testing;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Ends every other session of this user on this connection's database, as a server restart or a
 * DBA would: PostgreSQL's pg_terminate_backend, MySQL's and MariaDB's KILL CONNECTION. Only this
 * database's sessions, so other tests' runs on the same server are left alone.
 */
public final class ServerSessions {

    private ServerSessions() {
    }

    public static void killOthers(Connection c) throws SQLException {
        String product = c.getMetaData().getDatabaseProductName().toLowerCase(Locale.ROOT);
        if (product.contains("postgres")) {
            try (Statement s = c.createStatement()) {
                s.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
                        + " WHERE usename = current_user AND datname = current_database() AND pid <> pg_backend_pid()");
            }
        } else if (product.contains("mysql") || product.contains("mariadb")) {
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
                } catch (SQLException gone) {
                    // ended meanwhile
                }
            }
        } else {
            throw new IllegalArgumentException("no way to end sessions on " + product);
        }
    }
}
