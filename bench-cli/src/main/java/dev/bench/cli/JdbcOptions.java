package dev.bench.cli;

import dev.bench.core.jdbc.JdbcTarget;
import picocli.CommandLine.Option;

/**
 * How to reach a SQL server: a full JDBC URL, or Noria's {@code --address host:port --database name}.
 * The password can come from BENCH_PASSWORD so it needn't appear in the process list; it is never
 * printed or stored.
 */
public final class JdbcOptions {

    @Option(names = "--url", paramLabel = "JDBC_URL", description = "JDBC URL; overrides --address and --database.")
    public String url;

    @Option(names = "--address", paramLabel = "HOST:PORT", description = "Server address, as in Noria (default: 127.0.0.1 and the usual port).")
    public String address;

    @Option(names = "--database", defaultValue = "bench", description = "Database name (default: ${DEFAULT-VALUE}).")
    public String database;

    @Option(names = "--user", description = "User name (default: from the URL).")
    public String user;

    @Option(names = "--password", defaultValue = "${env:BENCH_PASSWORD}", description = "Password (default: env BENCH_PASSWORD, or from the URL).")
    public String password;

    @Option(names = "--pool-size", description = "Connections in the pool (default: threads + 1).")
    public Integer poolSize;

    /** @param scheme e.g. "jdbc:postgresql" ; @param defaultAddress e.g. "127.0.0.1:5432" */
    public String resolveUrl(String scheme, String defaultAddress) {
        if (url != null) {
            return url;
        }
        return scheme + "://" + (address != null ? address : defaultAddress) + "/" + database;
    }

    public JdbcTarget open(String scheme, String defaultAddress, int threads) {
        return JdbcTarget.open(resolveUrl(scheme, defaultAddress), user, emptyToNull(password),
                poolSize != null ? poolSize : threads + 1);
    }

    private static String emptyToNull(String s) {
        return s == null || s.isEmpty() ? null : s;
    }
}
