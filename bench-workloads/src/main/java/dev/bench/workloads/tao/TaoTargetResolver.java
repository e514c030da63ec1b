package dev.bench.workloads.tao;

import dev.bench.core.BenchException;
import dev.bench.core.Secrets;
import dev.bench.core.jdbc.Dialect;
import dev.bench.core.jdbc.JdbcTarget;
import dev.bench.core.run.TargetSettings;
import dev.bench.core.settings.SettingNames;

import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Properties;
import java.util.function.IntFunction;

/**
 * Where TAOBench's {@code -db NAME} and {@code -p FILE} point, with the shared target settings: the url
 * wins; else {@code -p}'s url, user and password; else {@code -db}'s server at the address (default:
 * 127.0.0.1 and that server's usual port); nothing named: embedded H2. With reads-to replicas, reads
 * go to a second, read-only pool on the same credentials.
 */
final class TaoTargetResolver {

    private final TargetSettings target;
    private final String db;
    private final Path props;
    private final SettingNames names;
    private IntFunction<JdbcTarget> replicasOpener;

    TaoTargetResolver(TargetSettings target, String db, Path props, SettingNames names) {
        this.target = target;
        this.db = db;
        this.props = props;
        this.names = names;
    }

    /** Validates -db and -p before anything connects; the function then opens a pool sized to its argument. */
    IntFunction<JdbcTarget> opener() {
        Properties p = readProps();
        String url = target.url() != null ? target.url() : find(p, "url");
        String user = target.user() != null ? target.user() : find(p, "user", "username");
        String password = nonEmpty(target.password()) != null ? target.password() : find(p, "password");
        Secrets.remember(password); // from -p's file: no line may show it
        Secrets.rememberFrom(url);
        if (url == null && db != null) {
            String database = target.database() != null ? target.database() : find(p, "dbname", "database");
            url = serverUrl(db.toLowerCase(Locale.ROOT), target.address(), database);
        } else if (url == null && (target.address() != null || target.database() != null)) {
            throw new BenchException(names.of("address") + " and " + names.of("database") + " need a server: name it with "
                    + names.of("db") + " (mysql, postgres, crdb, yugabyte) or give " + names.of("url"));
        }
        String resolved = url != null ? url : Dialect.H2.embeddedUrl();
        Dialect.fromUrl(resolved); // rejects an unsupported URL now, as bad input
        String finalUser = user;
        String finalPassword = nonEmpty(password);
        Integer poolSize = target.poolSize();
        String replicas = target.withUrl(resolved).replicasUrl(Dialect.fromUrl(resolved), names);
        replicasOpener = replicas == null ? null
                : threads -> JdbcTarget.openReadOnly(replicas, finalUser, finalPassword, poolSize != null ? poolSize : threads + 1,
                        java.util.Map.of());
        return threads -> JdbcTarget.open(resolved, finalUser, finalPassword, poolSize != null ? poolSize : threads + 1);
    }

    /**
     * After {@link #opener}: opens the replicas' read-only pool for reads-to replicas (the replica-url, or the
     * resolved PostgreSQL URL with preferSecondary), sized to its argument; null when reads go to the primary.
     */
    IntFunction<JdbcTarget> replicasOpener() {
        return replicasOpener;
    }

    /** TAOBench's database names; the distributed ones speak a protocol we have. */
    private String serverUrl(String name, String address, String database) {
        return switch (name) {
            case "mysql", "mariadb", "tidb", "planetscale" -> Dialect.MYSQL.url(address, database);
            case "postgres", "postgresql" -> Dialect.POSTGRES.url(address, database);
            case "crdb", "cockroach", "cockroachdb" -> Dialect.POSTGRES.url(address != null ? address : "127.0.0.1:26257", database);
            case "yugabyte", "yugabytedb", "yb" -> Dialect.POSTGRES.url(address != null ? address : "127.0.0.1:5433", database);
            case "h2" -> Dialect.H2.embeddedUrl();
            default -> throw new BenchException(names.of("db") + " must be one of mysql, mariadb, tidb, postgres, crdb, yugabyte, h2;"
                    + " got '" + name + "'");
        };
    }

    private Properties readProps() {
        Properties p = new Properties();
        if (props == null) {
            return p;
        }
        try (Reader in = Files.newBufferedReader(props)) {
            p.load(in);
            return p;
        } catch (IOException e) {
            throw new BenchException(names.of("props") + " " + props + ": cannot read: " + dev.bench.core.Failures.ofIo(e));
        }
    }

    /** A property whose key is one of the names or ends with ".name" (TAOBench's "mysqldb.user"). */
    private static String find(Properties p, String... names) {
        for (String key : p.stringPropertyNames()) {
            String lower = key.toLowerCase(Locale.ROOT);
            for (String name : names) {
                if (lower.equals(name) || lower.endsWith("." + name)) {
                    return p.getProperty(key).trim();
                }
            }
        }
        return null;
    }

    private static String nonEmpty(String s) {
        return s == null || s.isEmpty() ? null : s;
    }
}
