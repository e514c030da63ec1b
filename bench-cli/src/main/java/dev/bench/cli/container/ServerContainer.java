package dev.bench.cli.container;

import dev.bench.core.BenchException;
import dev.bench.core.Failures;
import org.testcontainers.DockerClientFactory;
import org.testcontainers.containers.GenericContainer;
import org.testcontainers.containers.JdbcDatabaseContainer;
import org.testcontainers.containers.MSSQLServerContainer;
import org.testcontainers.containers.MariaDBContainer;
import org.testcontainers.containers.MySQLContainer;
import org.testcontainers.containers.PostgreSQLContainer;
import org.testcontainers.containers.wait.strategy.Wait;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.BooleanSupplier;

/**
 * A server started by {@code --container} for one run: the pinned image ({@link ServerImages}), found
 * locally or pulled within a bound ({@link LocalImages}), started on a random local port and labelled as
 * the tool's ({@link #OWNER_LABEL}); {@link #close} removes it. Commands close it in a finally block,
 * which Ctrl-C reaches too (the CLI's shutdown hook interrupts the command thread and waits for it).
 * There is no reaper here (podman can't run Ryuk): a JVM killed outright leaves the container for
 * {@code scripts/containers.sh clean}, which removes by the label.
 *
 * <p>Threading: one command thread.
 */
public final class ServerContainer implements AutoCloseable {

    /** The label on every container the project starts; {@code .by} says which part: cli here, tests in TestServers. */
    public static final String OWNER_LABEL = "dev.bench.owner";

    /** The servers --container starts, by the name {@code --container NAME} gives. */
    public enum Kind {
        POSTGRES, MYSQL, MARIADB, MSSQL, MEMCACHED;

        /** The name {@code --container} takes. */
        public String optionName() {
            return name().toLowerCase(Locale.ROOT);
        }

        /** The SQL servers the JDBC workloads (oltp-rw, tpcc, voter, tao, pgbench) run on. */
        public static final Set<Kind> SQL = EnumSet.of(POSTGRES, MARIADB, MYSQL);

        /** {@code --container}'s value: one of {@code allowed} by name, or empty for {@code fallback}. */
        public static Kind parse(String value, Kind fallback, Set<Kind> allowed) {
            if (value == null || value.isBlank()) {
                return fallback;
            }
            for (Kind k : allowed) {
                if (k.optionName().equalsIgnoreCase(value.trim())) {
                    return k;
                }
            }
            throw new BenchException("--container takes " + String.join(", ", allowed.stream().map(Kind::optionName).toList())
                    + " here, got '" + value + "'");
        }
    }

    private static final int MEMCACHED_PORT = 11211;
    /** Log lines shown of a container that exited while starting. */
    private static final int LOG_TAIL = 8;

    private final Kind kind;
    private final GenericContainer<?> container;

    private ServerContainer(Kind kind, GenericContainer<?> container) {
        this.kind = kind;
        this.container = container;
    }

    /** @throws BenchException in one line when no engine answers, the image is missing, or the container does not start */
    public static ServerContainer start(Kind kind) {
        requireEngine();
        LocalImages.require(image(kind)); // before Testcontainers sees it: its pull retries for minutes
        return new ServerContainer(kind, started(create(kind)));
    }

    /** @throws BenchException naming what is missing (an engine, DOCKER_HOST) when none answers */
    public static void requireEngine() {
        requireEngine(ServerContainer::dockerAvailable);
    }

    static void requireEngine(BooleanSupplier docker) {
        if (!docker.getAsBoolean()) {
            String host = System.getenv("DOCKER_HOST");
            throw new BenchException("--container needs a container engine and none answered ("
                    + (host == null ? "DOCKER_HOST is not set and no Docker socket answers" : "nothing answers at DOCKER_HOST=" + host)
                    + "); start Docker or podman (here: eval \"$(scripts/containers.sh)\"), or name the server with --url/--address");
        }
    }

    /**
     * Starts it; one that fails is removed (Testcontainers does that itself), its last log lines kept in
     * the exception: they are followed while it starts, since they go with the container.
     */
    static GenericContainer<?> started(GenericContainer<?> container) {
        Deque<String> tail = new ArrayDeque<>();
        container.withLabel(OWNER_LABEL, "bench").withLabel(OWNER_LABEL + ".by", "cli").withLogConsumer(frame -> {
            synchronized (tail) {
                frame.getUtf8String().lines().filter(l -> !l.isBlank()).forEach(tail::addLast);
                while (tail.size() > LOG_TAIL) {
                    tail.removeFirst();
                }
            }
        });
        try {
            container.start();
            return container;
        } catch (RuntimeException e) {
            container.stop();
            synchronized (tail) {
                throw new StartFailed("--container: " + container.getDockerImageName() + " did not start: "
                        + Failures.rootMessage(e), List.copyOf(tail), e);
            }
        }
    }

    static String image(Kind kind) {
        return switch (kind) {
            case POSTGRES -> ServerImages.POSTGRES;
            case MYSQL -> ServerImages.MYSQL;
            case MARIADB -> ServerImages.MARIADB;
            case MSSQL -> ServerImages.MSSQL;
            case MEMCACHED -> ServerImages.MEMCACHED;
        };
    }

    static GenericContainer<?> create(Kind kind) {
        String image = image(kind);
        return switch (kind) {
            case POSTGRES -> new PostgreSQLContainer<>(image);
            case MYSQL -> new MySQLContainer<>(image);
            case MARIADB -> new MariaDBContainer<>(image);
            case MSSQL -> new MSSQLServerContainer<>(image).acceptLicense();
            case MEMCACHED -> new GenericContainer<>(image).withExposedPorts(MEMCACHED_PORT).waitingFor(Wait.forListeningPort());
        };
    }

    public Kind kind() {
        return kind;
    }

    public String image() {
        return container.getDockerImageName();
    }

    public String id() {
        return container.getContainerId();
    }

    /**
     * The JDBC URL of a SQL server started here, without credentials (see {@link #user}, {@link #password}).
     * MariaDB's is a jdbc:mysql: URL: the tool speaks to MySQL and MariaDB alike through Connector/J.
     */
    public String jdbcUrl() {
        JdbcDatabaseContainer<?> jdbc = jdbc();
        if (kind == Kind.MARIADB) {
            return "jdbc:mysql://" + container.getHost() + ":" + container.getFirstMappedPort() + "/" + jdbc.getDatabaseName();
        }
        return jdbc.getJdbcUrl();
    }

    public String user() {
        return jdbc().getUsername();
    }

    public String password() {
        return jdbc().getPassword();
    }

    /** host:port of a memcached started here. */
    public String memcachedAddress() {
        return container.getHost() + ":" + container.getMappedPort(MEMCACHED_PORT);
    }

    private JdbcDatabaseContainer<?> jdbc() {
        if (container instanceof JdbcDatabaseContainer<?> jdbc) {
            return jdbc;
        }
        throw new IllegalStateException(container.getDockerImageName() + " is not a SQL server");
    }

    /** Stops and removes the container. */
    @Override
    public void close() {
        container.stop();
    }

    /** Testcontainers' own check only catches IllegalStateException; anything else also means "no engine". */
    static boolean dockerAvailable() {
        try {
            return DockerClientFactory.instance().isDockerAvailable();
        } catch (RuntimeException | LinkageError e) {
            return false;
        }
    }

    /** A container that did not start, removed; its last log lines, for the user to see why. */
    public static final class StartFailed extends BenchException {
        private static final long serialVersionUID = 1L;
        private final transient List<String> logTail;

        StartFailed(String message, List<String> logTail, Throwable cause) {
            super(message, cause);
            this.logTail = List.copyOf(logTail);
        }

        public List<String> logTail() {
            return logTail;
        }
    }
}
