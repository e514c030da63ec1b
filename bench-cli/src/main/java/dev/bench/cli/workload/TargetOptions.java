package dev.bench.cli.workload;

import dev.bench.cli.container.ServerContainer.Kind;
import dev.bench.core.jdbc.Dialect;
import dev.bench.core.run.TargetSettings;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import java.util.Set;

/**
 * What to benchmark, the same options for every workload, mapped onto {@link TargetSettings}: a JDBC
 * {@code --url} (the dialect is known from it), or a server {@code --address} (SQL: {@code host[:port]}
 * with {@code --database}, Noria's spelling; memcached: {@code host:port[,host:port...]}), and
 * credentials. The password can come from BENCH_PASSWORD so it needn't appear in the process list; it
 * is never printed or stored.
 */
public final class TargetOptions {

    @Option(names = "--url", paramLabel = "JDBC_URL", defaultValue = "${env:BENCH_URL}", description = "JDBC URL (${COMPLETION-CANDIDATES}); overrides --address and --database (default: env BENCH_URL).",
            completionCandidates = UrlSchemes.class)
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

    @Option(names = "--container", arity = "0..1", paramLabel = "SERVER", description = "Start the server from a pinned image"
            + " for this run alone (Testcontainers; needs Docker or podman): postgres (default), mariadb, mysql, memcached;"
            + " the data is set up in the same run. Removed at the end, also on Ctrl-C.")
    public String container;

    @Option(names = "--reads-to", paramLabel = "primary|replicas", description = "Where read-only ops go: the primary (default), or"
            + " replicas: a second pool of read-only connections (PostgreSQL: the --url's hosts with targetServerType=preferSecondary;"
            + " others: --replica-url). Workloads with read-only ops only (vote's postgres and mysql backends).")
    public String readsTo;

    @Option(names = "--replica-url", paramLabel = "JDBC_URL", description = "The replicas' JDBC URL for --reads-to replicas"
            + " (default, PostgreSQL: the --url with targetServerType=preferSecondary).")
    public String replicaUrl;

    /** The command these options are mixed into: their errors name its flags and exit 2. */
    @Spec(Spec.Target.MIXEE)
    CommandSpec command;

    private TargetSettings.ReadsTo readsTo() {
        if (readsTo == null || readsTo.equalsIgnoreCase("primary")) {
            return TargetSettings.ReadsTo.PRIMARY;
        }
        if (readsTo.equalsIgnoreCase("replicas")) {
            return TargetSettings.ReadsTo.REPLICAS;
        }
        throw new dev.bench.core.BenchException("--reads-to must be primary or replicas, got " + readsTo);
    }

    /** The server {@code --container} names (null without it), else {@code fallback}; a name not allowed is bad input. */
    public Kind containerKind(Kind fallback, Set<Kind> allowed) {
        return container == null ? null : WorkloadRun.validated(command, () -> Kind.parse(container, fallback, allowed));
    }

    /** The SQL server {@code --container} names (postgres when none), or null without it. */
    public Kind sqlContainer() {
        return containerKind(Kind.POSTGRES, Kind.SQL);
    }

    /** The options as settings, checked for what needs no server (a malformed URL or address is bad input, exit 2). */
    public TargetSettings settings() {
        if (command == null) {
            return new TargetSettings(url, address, database, user, password, poolSize, container != null, readsTo(), replicaUrl);
        }
        return WorkloadRun.validated(command, () -> new TargetSettings(url, address, database, user, password, poolSize, container != null,
                readsTo(), replicaUrl).validate(FlagNames.of(command)));
    }
}
