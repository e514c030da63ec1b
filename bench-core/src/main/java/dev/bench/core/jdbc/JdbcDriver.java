package dev.bench.core.jdbc;

import dev.bench.core.BenchException;
import dev.bench.core.Secrets;
import dev.bench.core.settings.HostPort;

import java.util.Locale;
import java.util.Map;

/**
 * The JDBC driver a URL's scheme selects, and the properties that driver needs. One dialect can have
 * two drivers: a MySQL-protocol server is reached through MySQL's Connector/J ({@code jdbc:mysql:}) or
 * MariaDB's Connector/J ({@code jdbc:mariadb:}), which name their settings differently and spend
 * different client CPU per statement, so driver settings belong here rather than to {@link Dialect}.
 */
public enum JdbcDriver {
    H2(Dialect.H2),
    PGJDBC(Dialect.POSTGRES),
    CONNECTOR_J(Dialect.MYSQL),
    MARIADB("jdbc:mariadb", Dialect.MYSQL),
    MSSQL_JDBC(Dialect.MSSQL),
    /** sysbench's {@code --mysql-dry-run}: MySQL's SQL, sent nowhere ({@link DryRunDriver}). */
    DRY_RUN("jdbc:bench-dry-run", Dialect.MYSQL);

    private final String scheme;
    private final Dialect dialect;

    /** The driver that owns its dialect's scheme. */
    JdbcDriver(Dialect dialect) {
        this(dialect.scheme(), dialect);
    }

    JdbcDriver(String scheme, Dialect dialect) {
        this.scheme = scheme;
        this.dialect = dialect;
    }

    public static JdbcDriver fromUrl(String url) {
        if (url != null) {
            String lower = url.toLowerCase(Locale.ROOT);
            for (JdbcDriver d : values()) {
                if (lower.startsWith(d.scheme + ":")) {
                    checkHosts(url);
                    if (d.dialect() == Dialect.POSTGRES) {
                        PgjdbcLog.quiet();
                    } else if (d == DRY_RUN) {
                        DryRunDriver.register();
                    }
                    return d;
                }
            }
        }
        throw new BenchException("unsupported JDBC URL '" + Secrets.maskUrl(url)
                + "': expected jdbc:h2:, jdbc:postgresql:, jdbc:mysql:, jdbc:mariadb: or jdbc:sqlserver:");
    }

    /**
     * A {@code scheme://host[:port][,...]} URL's hosts and ports are checked here, so a typo is bad input
     * (pgjdbc would log a warning and try port 5432, Connector/J would fail connecting). Forms this
     * doesn't know ({@code (host=..,port=..)}, no {@code //}) are left to the driver.
     */
    private static void checkHosts(String url) {
        int slashes = url.indexOf("://");
        if (slashes < 0) {
            return;
        }
        String rest = url.substring(slashes + 3);
        int end = rest.length();
        for (char c : new char[] {'/', '?', ';'}) {
            int at = rest.indexOf(c);
            if (at >= 0 && at < end) {
                end = at;
            }
        }
        String authority = rest.substring(0, end);
        authority = authority.substring(authority.lastIndexOf('@') + 1);
        if (authority.contains("(") || authority.contains("\\")) {
            return;
        }
        for (String entry : authority.split(",")) {
            if (!entry.isEmpty()) {
                HostPort.parse("JDBC URL '" + Secrets.maskUrl(url) + "'", entry, 0);
            }
        }
    }

    public Dialect dialect() {
        return dialect;
    }

    /** The URL prefix that selects this driver, e.g. {@code jdbc:postgresql:}. */
    public String urlPrefix() {
        return scheme + ":";
    }

    /**
     * How long any call may hear nothing from its server before the driver gives up on the connection.
     * A backstop for what runs outside a run's own clock (prepare, load, the after-run check): during a
     * run, the engine aborts calls still blocked at the run's end long before this. A URL naming the
     * driver's property wins (0: wait forever).
     */
    static final int SOCKET_TIMEOUT_S = 300;

    /**
     * Properties that keep a benchmark honest and bounded: fail connecting within seconds rather than
     * hanging on an unreachable host, never wait forever on a silent one, and (Connector/J) don't send
     * session state the driver already knows. The drivers' sockets (pgjdbc's, both Connector/Js') block in the kernel
     * while they wait ({@link BlockingSocketFactory}, {@link ConnectorJSocketFactory}).
     */
    Map<String, String> defaultProperties() {
        String socketTimeoutMs = String.valueOf(SOCKET_TIMEOUT_S * 1000);
        return switch (this) {
            case PGJDBC -> Map.of("connectTimeout", "5", "socketTimeout", String.valueOf(SOCKET_TIMEOUT_S),
                    "socketFactory", BlockingSocketFactory.class.getName());
            case CONNECTOR_J -> Map.of("connectTimeout", "5000", "socketTimeout", socketTimeoutMs, "useLocalSessionState", "true",
                    "cachePrepStmts", "true", "allowPublicKeyRetrieval", "true", "socketFactory", ConnectorJSocketFactory.class.getName());
            // tracks session state itself; caches server-side prepares by default; takes a javax.net.SocketFactory as pgjdbc does
            case MARIADB -> Map.of("connectTimeout", "5000", "socketTimeout", socketTimeoutMs, "allowPublicKeyRetrieval", "true",
                    "socketFactory", BlockingSocketFactory.class.getName());
            case MSSQL_JDBC -> Map.of("loginTimeout", "5", "socketTimeout", socketTimeoutMs);
            case H2, DRY_RUN -> Map.of();
        };
    }
}
