package dev.bench.core.jdbc;

import dev.bench.core.BenchException;
import dev.bench.core.results.Secrets;

import java.util.Locale;
import java.util.Map;

/** The SQL databases the platform speaks to, recognised from the JDBC URL. */
public enum Dialect {
    H2("jdbc:h2:"),
    POSTGRES("jdbc:postgresql:"),
    MYSQL("jdbc:mysql:"),
    MSSQL("jdbc:sqlserver:");

    private final String urlPrefix;

    Dialect(String urlPrefix) {
        this.urlPrefix = urlPrefix;
    }

    public static Dialect fromUrl(String url) {
        if (url != null) {
            String lower = url.toLowerCase(Locale.ROOT);
            for (Dialect d : values()) {
                if (lower.startsWith(d.urlPrefix)) {
                    return d;
                }
            }
            if (lower.startsWith("jdbc:mariadb:")) {
                return MYSQL;
            }
        }
        throw new BenchException("unsupported JDBC URL '" + Secrets.maskUrl(url)
                + "': expected jdbc:h2:, jdbc:postgresql:, jdbc:mysql: or jdbc:sqlserver:");
    }

    /**
     * Driver properties that keep a benchmark honest and bounded: fail connecting within seconds rather
     * than hanging on an unreachable host, and (MySQL) don't send session state the driver already knows.
     */
    Map<String, String> defaultProperties() {
        return switch (this) {
            case POSTGRES -> Map.of("connectTimeout", "5", "socketTimeout", "0");
            case MYSQL -> Map.of("connectTimeout", "5000", "useLocalSessionState", "true",
                    "cachePrepStmts", "true", "allowPublicKeyRetrieval", "true");
            case MSSQL -> Map.of("loginTimeout", "5");
            case H2 -> Map.of();
        };
    }
}
