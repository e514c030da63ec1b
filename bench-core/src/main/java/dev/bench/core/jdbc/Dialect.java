package dev.bench.core.jdbc;

import dev.bench.core.BenchException;

import java.util.ArrayList;
import java.util.List;

/**
 * The SQL databases the platform speaks to, recognised from the JDBC URL. Each knows how its URLs are
 * written (scheme, default port and database); nothing else in the code base spells a port number or a
 * URL prefix (but {@link JdbcDriver}, for MySQL's second driver). Which driver speaks to it, and that
 * driver's settings, is {@link JdbcDriver}'s.
 */
public enum Dialect {
    H2("jdbc:h2", 0, "jdbc:h2:mem:bench;DB_CLOSE_DELAY=-1;DB_CLOSE_ON_EXIT=FALSE"), // closed by the pool, not H2's shutdown hook
    POSTGRES("jdbc:postgresql", 5432, null),
    MYSQL("jdbc:mysql", 3306, null),
    MSSQL("jdbc:sqlserver", 1433, null);

    /** The database a server URL names when the user names none. */
    public static final String DEFAULT_DATABASE = "bench";
    private static final String DEFAULT_HOST = "127.0.0.1";

    private final String scheme;
    private final int defaultPort;
    private final String embeddedUrl;

    Dialect(String scheme, int defaultPort, String embeddedUrl) {
        this.scheme = scheme;
        this.defaultPort = defaultPort;
        this.embeddedUrl = embeddedUrl;
    }

    /** The dialect of the driver the URL selects ({@link JdbcDriver#fromUrl}). */
    public static Dialect fromUrl(String url) {
        return JdbcDriver.fromUrl(url).dialect();
    }

    /** e.g. {@code jdbc:postgresql} */
    public String scheme() {
        return scheme;
    }

    /** 0 for the embedded database, which has no port. */
    public int defaultPort() {
        return defaultPort;
    }

    /** The URL of the in-process database; only {@link #H2} has one. */
    public String embeddedUrl() {
        if (embeddedUrl == null) {
            throw new IllegalStateException(this + " is not embedded");
        }
        return embeddedUrl;
    }

    /**
     * A server URL from Noria-style parts.
     *
     * @param address  {@code host}, {@code host:port}, or null for 127.0.0.1 and the default port
     * @param database null for {@value #DEFAULT_DATABASE}
     */
    public String url(String address, String database) {
        if (this == H2) {
            throw new BenchException("H2 is embedded: name it by its URL, not by a server address");
        }
        String hostPort = address == null ? DEFAULT_HOST + ":" + defaultPort
                : address.contains(":") ? address : address + ":" + defaultPort;
        String db = database != null ? database : DEFAULT_DATABASE;
        return this == MSSQL ? scheme + "://" + hostPort + ";databaseName=" + db + ";encrypt=false"
                : scheme + "://" + hostPort + "/" + db;
    }

    /**
     * The URL of a workload's {@code --address}: one server, or several as the driver's own multi-host URL,
     * each host with the default port unless it names one. On PostgreSQL several hosts are a primary and
     * its standbys: pgjdbc connects to the one that takes writes ({@code targetServerType=primary}) and
     * finds the new one after a failover. MySQL/MariaDB take them as Connector/J's failover list (a
     * connection that failed over is read-only unless the URL says otherwise). SQL Server takes one.
     */
    public String serverUrl(String address, String database) {
        if (address == null || !address.contains(",")) {
            return url(address, database);
        }
        List<String> hosts = new ArrayList<>();
        for (String host : address.trim().split("[,\\s]+")) {
            hosts.add(host.contains(":") ? host : host + ":" + defaultPort);
        }
        if (this == MSSQL || this == H2) {
            throw new BenchException(this == H2 ? "H2 is embedded: name it by its URL, not by a server address"
                    : "SQL Server takes one --address; its mirror is the URL property failoverPartner=HOST (give --url)");
        }
        String url = url(String.join(",", hosts), database);
        return this == POSTGRES ? withProperties(url, "targetServerType=primary") : url;
    }

    /** Appends driver properties ({@code a=1&b=2}) to a URL in this driver's own syntax. */
    public String withProperties(String url, String properties) {
        if (properties.isEmpty()) {
            return url;
        }
        if (this == MSSQL || this == H2) {
            return url + ";" + properties.replace('&', ';');
        }
        return url + (url.contains("?") ? "&" : "?") + properties;
    }
}
