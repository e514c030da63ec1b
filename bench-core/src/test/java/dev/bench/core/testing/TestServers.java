package dev.bench.core.testing;

import dev.bench.core.ServerVariables;
import org.testcontainers.containers.GenericContainer;
import org.testcontainers.containers.JdbcDatabaseContainer;
import org.testcontainers.containers.MariaDBContainer;
import org.testcontainers.containers.PostgreSQLContainer;

import java.util.function.Supplier;

/**
 * Where integration tests find real servers, in order: the BENCH_* variables (set by
 * {@code scripts/services.sh} for local servers), else a Testcontainers container when a Docker engine
 * runs, else the test is skipped with the reason printed, or failed under BENCH_REQUIRE_SERVICES
 * ({@link SkipOrFail}).
 *
 * <p>Containers: one per server per test JVM, as Testcontainers recommends, labelled {@link #OWNER_LABEL} and
 * removed when the JVM exits (Ryuk, Testcontainers' reaper, can't be pulled on the project's machines;
 * {@code scripts/containers.sh clean} removes what a killed JVM left, by that label).
 *
 * <p>Threading: containers start once per JVM, under the class lock.
 */
public final class TestServers {

    static final String POSTGRES_IMAGE = "postgres:15";
    static final String MARIADB_IMAGE = "mariadb:10.11";
    /** The image bench-cli's --container uses (its ServerImages, which bench-core can't see). */
    static final String MEMCACHED_IMAGE = "memcached:1.6";
    private static final int MEMCACHED_PORT = 11211;
    /** The label on every container the project starts (scripts/containers.sh cleans up by it). */
    public static final String OWNER_LABEL = "dev.bench.owner";

    private static JdbcDatabaseContainer<?> postgres;
    private static JdbcDatabaseContainer<?> mariadb;
    private static GenericContainer<?> memcached;

    private TestServers() {
    }

    /** A JDBC URL with user and password, e.g. jdbc:postgresql://127.0.0.1:5432/bench?user=..&password=.. */
    public static String postgresUrl() {
        return find(ServerVariables.POSTGRES_URL, "PostgreSQL", () -> {
            synchronized (TestServers.class) {
                if (postgres == null) {
                    postgres = ContainerExtras.postgres(start(new PostgreSQLContainer<>(POSTGRES_IMAGE)));
                }
                return "jdbc:postgresql://" + postgres.getHost() + ":" + postgres.getFirstMappedPort() + "/"
                        + postgres.getDatabaseName() + "?user=" + postgres.getUsername() + "&password=" + postgres.getPassword();
            }
        });
    }

    /** MySQL protocol (MariaDB here), for MySQL Connector/J. */
    public static String mysqlUrl() {
        return find(ServerVariables.MYSQL_URL, "MySQL/MariaDB", () -> {
            synchronized (TestServers.class) {
                if (mariadb == null) {
                    mariadb = ContainerExtras.mariadb(start(new MariaDBContainer<>(MARIADB_IMAGE)));
                }
                return "jdbc:mysql://" + mariadb.getHost() + ":" + mariadb.getFirstMappedPort() + "/"
                        + mariadb.getDatabaseName() + "?user=" + mariadb.getUsername() + "&password=" + mariadb.getPassword();
            }
        });
    }

    /** The same MySQL-protocol server as {@link #mysqlUrl()}, reached through MariaDB's own driver (jdbc:mariadb:). */
    public static String mariadbDriverUrl() {
        return mysqlUrl().replaceFirst("^jdbc:mysql:", "jdbc:mariadb:");
    }

    /**
     * The shared memcached, host:port. Tests that share it write under a key prefix of their own, so they
     * never see each other's keys; one that stops or restarts memcached takes its own ({@link LocalMemcached}).
     */
    public static String memcachedAddress() {
        return find(ServerVariables.MEMCACHED, "memcached", () -> {
            synchronized (TestServers.class) {
                if (memcached == null) {
                    memcached = start(new GenericContainer<>(MEMCACHED_IMAGE).withExposedPorts(MEMCACHED_PORT));
                }
                return memcached.getHost() + ":" + memcached.getMappedPort(MEMCACHED_PORT);
            }
        });
    }

    private static <T extends GenericContainer<?>> T start(T container) {
        container.withLabel(OWNER_LABEL, "bench").withLabel(OWNER_LABEL + ".by", "tests");
        container.start();
        Runtime.getRuntime().addShutdownHook(new Thread(container::stop, "stop " + container.getDockerImageName()));
        return container;
    }

    private static String find(String variable, String what, Supplier<String> container) {
        String fromEnv = ServerVariables.value(variable);
        if (fromEnv != null) {
            return fromEnv;
        }
        if (SkipOrFail.dockerAvailable()) {
            return container.get();
        }
        return SkipOrFail.missing("no " + what + ": " + variable + " is not set and no Docker engine runs "
                + "(run: eval \"$(scripts/services.sh)\")");
    }
}
