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
 * <p>Reads may go to replicas ({@code reads-to replicas}): workloads with read-only ops then open a
 * second, read-only pool ({@link #openReplicas}) on the {@code replica-url}, or for PostgreSQL on the
 * same host list with {@code targetServerType=preferSecondary}; their writes stay on the primary pool.
 *
 * @param poolSize   connections, or null for the workload's default (threads + 1)
 * @param readsTo    where read-only ops go
 * @param replicaUrl the replicas' JDBC URL for reads-to replicas, or null to derive it from the url
 */
public record TargetSettings(String url, String address, String database, String user, String password,
                             Integer poolSize, boolean container, ReadsTo readsTo, String replicaUrl) {

    /** Nothing named: each workload's embedded default. */
    public static final TargetSettings NONE = new TargetSettings(null, null, null, null, null, null, false);

    /** Where a workload's read-only ops are sent. */
    public enum ReadsTo {
        /** The one pool, as every op. */
        PRIMARY,
        /** A second pool of read-only connections to the replicas. */
        REPLICAS
    }

    public TargetSettings {
        password = password == null || password.isEmpty() ? null : password;
        readsTo = readsTo == null ? ReadsTo.PRIMARY : readsTo;
    }

    public TargetSettings(String url, String address, String database, String user, String password, Integer poolSize,
                          boolean container) {
        this(url, address, database, user, password, poolSize, container, ReadsTo.PRIMARY, null);
    }

    public static TargetSettings url(String url) {
        return new TargetSettings(url, null, null, null, null, null, false);
    }

    public TargetSettings withUrl(String newUrl) {
        return new TargetSettings(newUrl, address, database, user, password, poolSize, container, readsTo, replicaUrl);
    }

    public TargetSettings withPoolSize(Integer size) {
        return new TargetSettings(url, address, database, user, password, size, container, readsTo, replicaUrl);
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
        if (replicaUrl != null) {
            JdbcDriver.fromUrl(replicaUrl);
            if (readsTo != ReadsTo.REPLICAS) {
                throw new BenchException(names.of("replica-url") + " is where " + names.of("reads-to") + " replicas sends reads;"
                        + " add " + names.of("reads-to") + " replicas, or drop " + names.of("replica-url"));
            }
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

    /**
     * Refuses reads-to replicas for a workload that sends no ops to replicas, rather than ignore it.
     *
     * @param workload the workload's name, for the message
     */
    public void requireReadsToPrimary(SettingNames names, String workload) {
        if (readsTo == ReadsTo.REPLICAS) {
            throw new BenchException(names.of("reads-to") + " replicas: " + workload + " sends no ops to replicas"
                    + " (vote does); drop " + names.of("reads-to"));
        }
    }

    /**
     * The URL of the replicas' read-only pool: the replica-url, else for PostgreSQL the primary's URL
     * (its whole host list) with {@code targetServerType=preferSecondary}. Null when reads go to the primary.
     *
     * @throws BenchException a server whose URL names no replicas and no replica-url was given (one line)
     */
    public String replicasUrl(Dialect dialect, SettingNames names) {
        if (readsTo != ReadsTo.REPLICAS) {
            return null;
        }
        if (replicaUrl != null) {
            return replicaUrl;
        }
        if (dialect != Dialect.POSTGRES) {
            throw new BenchException(names.of("reads-to") + " replicas needs " + names.of("replica-url") + " for a "
                    + dialect.name().toLowerCase(java.util.Locale.ROOT) + " server (only a PostgreSQL URL's host list"
                    + " names its standbys)");
        }
        return ReplicaUrls.preferSecondary(url != null ? url : dialect.url(address, database));
    }

    /** The replicas' read-only pool for {@code threads} workers, or null when reads go to the primary. */
    public JdbcTarget openReplicas(Dialect dialect, int threads) {
        String replicas = replicasUrl(dialect, SettingNames.FLAGS);
        return replicas == null ? null : JdbcTarget.openReadOnly(replicas, user, password, poolSize(threads), Map.of());
    }

    /**
     * As {@link #openReplicas}, beside a primary already open: when the replicas can't be opened the primary is
     * closed too, so the caller holds nothing to clean up.
     */
    public JdbcTarget openReplicasBeside(JdbcTarget primary, int threads) {
        try {
            return openReplicas(primary.dialect(), threads);
        } catch (RuntimeException e) {
            primary.close();
            throw e;
        }
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
                + poolSize + ", container=" + container + ", readsTo=" + readsTo + ", replicaUrl="
                + (replicaUrl == null ? null : Secrets.maskUrl(replicaUrl)) + "]";
    }
}
