package dev.bench.core.jdbc;

import dev.bench.core.Hosts;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * Which server a connection is open to, as {@code host:port} the server reports: PostgreSQL's
 * {@code inet_server_addr()} and {@code inet_server_port()} ({@code local} over a Unix socket), MySQL's
 * and MariaDB's {@code @@hostname} and {@code @@port}. One query, asked when a session takes its
 * connection; other dialects (embedded H2, SQL Server) are the target as a whole ({@link Hosts#UNNAMED}).
 *
 * <p>Why ask the server rather than read the URL: a multi-host URL names several, and which one the
 * driver chose is the driver's internal state; the server's answer holds through any pool or wrapper.
 */
final class ServerAddress {

    private ServerAddress() {
    }

    /**
     * The connection's host number; {@link Hosts#UNNAMED} when the dialect can't say.
     *
     * @throws SQLException the query failed: the connection is broken, and the session that asked fails to
     *                      open (and is opened again), rather than start on a connection the pool has closed
     */
    static int hostOf(Connection connection, Dialect dialect) throws SQLException {
        String query = switch (dialect) {
            case POSTGRES -> "SELECT COALESCE(host(inet_server_addr()), 'local'), COALESCE(inet_server_port(), 0)";
            case MYSQL -> "SELECT @@hostname, @@port";
            default -> null;
        };
        if (query == null) {
            return Hosts.UNNAMED;
        }
        try (Statement s = connection.createStatement(); ResultSet rs = s.executeQuery(query)) {
            rs.next();
            return Hosts.indexOf(rs.getString(1) + ":" + rs.getInt(2));
        }
    }
}
