package dev.bench.core.run;

import dev.bench.core.BenchException;
import dev.bench.core.Secrets;
import dev.bench.core.jdbc.ClientTls;
import dev.bench.core.jdbc.Dialect;
import dev.bench.core.jdbc.JdbcDriver;
import dev.bench.core.jdbc.JdbcTarget;
import dev.bench.core.settings.HostPort;
import dev.bench.core.settings.SettingNames;

import java.util.Map;
import java.util.function.Function;

/**
 * What to benchmark, the same for every workload: a JDBC {@code url} (the dialect is known from it),
 * or a server {@code address} (SQL: {@code host[:port]} with {@code database}; memcached:
 * {@code host:port[,host:port...]}), credentials, the pool size, and whether to start a throwaway
 * server ({@code container}). The password is never printed: {@link #toString()} masks it.
 *
 * @param poolSize connections, or null for the workload's default (threads + 1)
 */
public record TargetSettings(String url, String address, String database, String user, String password,
                             Integer poolSize, boolean container) {

    /** Nothing named: each workload's embedded default. */
    public static final TargetSettings NONE = new TargetSettings(null, null, null, null, null, null, false);

    public TargetSettings {
        password = password == null || password.isEmpty() ? null : password;
    }

    public static TargetSettings url(String url) {
        return new TargetSettings(url, null, null, null, null, null, false);
    }

    public TargetSettings withUrl(String newUrl) {
        return new TargetSettings(newUrl, address, database, user, password, poolSize, container);
    }

    public TargetSettings withPoolSize(Integer size) {
        return new TargetSettings(url, address, database, user, password, size, container);
    }

    /** Connections for a run of {@code threads} workers: the pool size given, else threads + 1. */
    public int poolSize(int threads) {
        return poolSize != null ? poolSize : threads + 1;
    }

    /**
     * These settings, checked for what can be checked before connecting: the URL's scheme, hosts and
     * ports, each address entry's host and port, the pool size, and BENCH_TLS.
     */
    public TargetSettings validate(SettingNames names) {
        if (poolSize != null && poolSize < 1) {
            throw new BenchException(names.of("pool-size") + " must be >= 1, got " + poolSize);
        }
        if (url != null) {
            JdbcDriver.fromUrl(url);
        }
        ClientTls.checkEnvironment();
        if (address != null) {
            for (String entry : address.trim().split("[,\\s]+")) {
                HostPort.parse(names.of("address"), entry, 0);
            }
        }
        return this;
    }

    /** These settings, checked: a container is a server of its own, so naming one as well is bad input. */
    public TargetSettings withOneServerSource(SettingNames names) {
        if (container && (url != null || address != null)) {
            throw new BenchException(names.of("container") + " starts its own server: drop " + names.of("url") + "/"
                    + names.of("address") + ", or drop " + names.of("container"));
        }
        return this;
    }

    /** Opens a SQL server of the given dialect: the url, else the address and database. */
    public JdbcTarget openServer(Dialect dialect, int threads) {
        String resolved = url != null ? url : dialect.serverUrl(address, database);
        return open(resolved, threads, Map.of());
    }

    /**
     * For workloads with one kind of target: the server the url names, or the workload's embedded URL
     * when none is named, with the workload's own properties for the driver the URL selects (the URL's
     * own settings win).
     */
    public JdbcTarget openUrlOrEmbedded(int threads, String embeddedUrl,
                                        Function<JdbcDriver, Map<String, String>> driverDefaults) {
        String resolved = urlOrEmbedded(embeddedUrl, SettingNames.FLAGS);
        return open(resolved, threads, driverDefaults.apply(JdbcDriver.fromUrl(resolved)));
    }

    /** Like {@link #openUrlOrEmbedded(int, String, Function)} with no driver properties of the workload's. */
    public JdbcTarget openUrlOrEmbedded(int threads, String embeddedUrl) {
        return openUrlOrEmbedded(threads, embeddedUrl, driver -> Map.of());
    }

    /** The url, or {@code embeddedUrl} when none is named; an address without a url is refused. */
    public String urlOrEmbedded(String embeddedUrl, SettingNames names) {
        if (url == null && (address != null || database != null)) {
            throw new BenchException(names.of("address") + " and " + names.of("database") + " need a backend; name the server with "
                    + names.of("url") + " (e.g. " + names.of("url") + " " + Dialect.POSTGRES.url("HOST", "DB") + ")");
        }
        String resolved = url != null ? url : embeddedUrl;
        JdbcDriver.fromUrl(resolved); // an unsupported URL is bad input, refused before anything connects
        return resolved;
    }

    private JdbcTarget open(String resolvedUrl, int threads, Map<String, String> driverDefaults) {
        return JdbcTarget.open(resolvedUrl, user, password, poolSize(threads), driverDefaults);
    }

    @Override
    public String toString() {
        return "TargetSettings[url=" + (url == null ? null : Secrets.maskUrl(url)) + ", address=" + address + ", database="
                + database + ", user=" + user + ", password=" + (password == null ? null : Secrets.MASK) + ", poolSize="
                + poolSize + ", container=" + container + "]";
    }
}
