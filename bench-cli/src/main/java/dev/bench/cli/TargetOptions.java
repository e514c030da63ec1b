package dev.bench.cli;

import dev.bench.core.BenchException;
import dev.bench.core.jdbc.Dialect;
import dev.bench.core.jdbc.JdbcDriver;
import dev.bench.core.jdbc.JdbcTarget;
import picocli.CommandLine.Option;

import java.util.Map;
import java.util.function.Function;

/**
 * What to benchmark, the same options for every workload: a JDBC {@code --url} (the dialect is known
 * from it), or a server {@code --address} (SQL: {@code host[:port]} with {@code --database}, Noria's
 * spelling; memcached: {@code host:port[,host:port...]}), and credentials. The password can come from
 * BENCH_PASSWORD so it needn't appear in the process list; it is never printed or stored.
 */
public final class TargetOptions {

    @Option(names = "--url", paramLabel = "JDBC_URL", description = "JDBC URL (jdbc:postgresql:, jdbc:mysql:, jdbc:mariadb:, jdbc:h2:, jdbc:sqlserver:); overrides --address and --database.")
    public String url;

    @Option(names = "--address", paramLabel = "HOST:PORT[,...]", description = "Server address (default: 127.0.0.1 and the usual port); memcached takes several, comma-separated.")
    public String address;

    @Option(names = "--database", paramLabel = "NAME", description = "Database name with --address (default: " + Dialect.DEFAULT_DATABASE + ").")
    public String database;

    @Option(names = "--user", description = "User name (default: from the URL).")
    public String user;

    @Option(names = "--password", defaultValue = "${env:BENCH_PASSWORD}", description = "Password (default: env BENCH_PASSWORD, or from the URL).")
    public String password;

    @Option(names = "--pool-size", paramLabel = "N", description = "Connections in the pool (default: threads + 1).")
    public Integer poolSize;

    @Option(names = "--container", description = "Start the server from a pinned image with Testcontainers for this run; removed at the end, also on Ctrl-C (needs Docker).")
    public boolean container;

    /** Connections for a run of {@code threads} workers: --pool-size, else threads + 1. */
    public int poolSize(int threads) {
        return poolSize != null ? poolSize : threads + 1;
    }

    /** These options, checked: --container starts its own server, so naming one as well is bad input. */
    public TargetOptions withOneServerSource() {
        if (container && (url != null || address != null)) {
            throw new BenchException("--container starts its own server: drop --url/--address, or drop --container");
        }
        return this;
    }

    /** Opens a SQL server of the given dialect: {@code --url}, else {@code --address} and {@code --database}. */
    public JdbcTarget openServer(Dialect dialect, int threads) {
        String resolved = url != null ? url : dialect.url(address, database);
        return open(resolved, threads, Map.of());
    }

    /**
     * For workloads with one kind of target: the server {@code --url} names, or embedded H2 when none
     * is named.
     */
    public JdbcTarget openUrlOrEmbedded(int threads) {
        return openUrlOrEmbedded(threads, Dialect.H2.embeddedUrl());
    }

    /**
     * Like {@link #openUrlOrEmbedded(int)}, with the workload's own embedded URL: a file database where
     * separate processes (prepare, then run) must see the same data.
     */
    public JdbcTarget openUrlOrEmbedded(int threads, String embeddedUrl) {
        return openUrlOrEmbedded(threads, embeddedUrl, driver -> Map.of());
    }

    /**
     * Like {@link #openUrlOrEmbedded(int, String)}, with the workload's own properties for the driver
     * the URL selects (the URL's own settings win).
     */
    public JdbcTarget openUrlOrEmbedded(int threads, String embeddedUrl, Function<JdbcDriver, Map<String, String>> driverDefaults) {
        if (url == null && (address != null || database != null)) {
            throw new BenchException("--address and --database need a backend; name the server with --url"
                    + " (e.g. --url jdbc:postgresql://HOST:5432/DB)");
        }
        String resolved = url != null ? url : embeddedUrl;
        return open(resolved, threads, driverDefaults.apply(JdbcDriver.fromUrl(resolved)));
    }

    private JdbcTarget open(String resolvedUrl, int threads, Map<String, String> driverDefaults) {
        return JdbcTarget.open(resolvedUrl, user, password == null || password.isEmpty() ? null : password,
                poolSize(threads), driverDefaults);
    }
}
