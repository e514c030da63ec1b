package dev.bench.cli.container;

import dev.bench.core.BenchException;
import dev.bench.core.Failures;
import org.testcontainers.DockerClientFactory;
import org.testcontainers.containers.GenericContainer;
import org.testcontainers.containers.JdbcDatabaseContainer;
import org.testcontainers.containers.MSSQLServerContainer;
import org.testcontainers.containers.MySQLContainer;
import org.testcontainers.containers.PostgreSQLContainer;
import org.testcontainers.containers.wait.strategy.Wait;

import java.util.function.BooleanSupplier;

/**
 * A server started by {@code --container} for one run: Testcontainers pulls the pinned image
 * ({@link ServerImages}), starts it on a random local port, and {@link #close} removes it. The
 * command closes it in a finally block, which Ctrl-C reaches too (the CLI's shutdown hook interrupts
 * the command thread and waits for it); should the JVM die before, Testcontainers' reaper removes it.
 *
 * <p>Threading: one command thread.
 */
public final class ServerContainer implements AutoCloseable {

    public enum Kind { POSTGRES, MYSQL, MSSQL, MEMCACHED }

    private static final int MEMCACHED_PORT = 11211;

    private final GenericContainer<?> container;

    private ServerContainer(GenericContainer<?> container) {
        this.container = container;
    }

    /** @throws BenchException in one line when no Docker engine answers, or the container does not start */
    public static ServerContainer start(Kind kind) {
        return start(kind, ServerContainer::dockerAvailable);
    }

    static ServerContainer start(Kind kind, BooleanSupplier docker) {
        if (!docker.getAsBoolean()) {
            throw new BenchException("--container needs a working Docker engine and none answered"
                    + " (is dockerd running, and DOCKER_HOST right?); or give the server with --url/--address");
        }
        GenericContainer<?> container = create(kind);
        try {
            container.start();
        } catch (RuntimeException e) {
            container.stop();
            throw new BenchException("--container could not start " + container.getDockerImageName() + ": "
                    + Failures.rootMessage(e), e);
        }
        return new ServerContainer(container);
    }

    static GenericContainer<?> create(Kind kind) {
        return switch (kind) {
            case POSTGRES -> new PostgreSQLContainer<>(ServerImages.POSTGRES);
            case MYSQL -> new MySQLContainer<>(ServerImages.MYSQL);
            case MSSQL -> new MSSQLServerContainer<>(ServerImages.MSSQL).acceptLicense();
            case MEMCACHED -> new GenericContainer<>(ServerImages.MEMCACHED).withExposedPorts(MEMCACHED_PORT)
                    .waitingFor(Wait.forListeningPort());
        };
    }

    /** The JDBC URL of a SQL server started here, without credentials (see {@link #user}, {@link #password}). */
    public String jdbcUrl() {
        return jdbc().getJdbcUrl();
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

    /** Testcontainers' own check only catches IllegalStateException; anything else also means "no Docker". */
    static boolean dockerAvailable() {
        try {
            return DockerClientFactory.instance().isDockerAvailable();
        } catch (RuntimeException | LinkageError e) {
            return false;
        }
    }
}
