package dev.bench.core.testing;

import org.testcontainers.containers.Container.ExecResult;
import org.testcontainers.containers.JdbcDatabaseContainer;

import java.io.IOException;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * What {@code scripts/services.sh} sets up on its servers beyond user and database, done on a test container
 * too, so the same tests run on both paths: {@code bench_two}, a user that may hold two connections (the
 * server that refuses a third), {@code bench_twelve} (PostgreSQL, twelve), and PostgreSQL's tablespace {@code bench_ts} (pgbench's --tablespace).
 */
final class ContainerExtras {

    private static final String TABLESPACE_DIR = "/var/lib/postgresql/bench_ts";

    private ContainerExtras() {
    }

    /** The container's user is a superuser there (POSTGRES_USER), as services.sh's postgres is. */
    static <T extends JdbcDatabaseContainer<?>> T postgres(T c) {
        exec(c, "mkdir", "-p", TABLESPACE_DIR);
        sql(c.getJdbcUrl(), c.getUsername(), c.getPassword(),
                "CREATE ROLE bench_two LOGIN PASSWORD 'bench' CONNECTION LIMIT 2",
                "CREATE ROLE bench_twelve LOGIN PASSWORD 'bench' CONNECTION LIMIT 12",
                "CREATE TABLESPACE bench_ts OWNER \"" + c.getUsername() + "\" LOCATION '" + TABLESPACE_DIR + "'");
        return c;
    }

    /** MariaDBContainer gives root the user's password. */
    static <T extends JdbcDatabaseContainer<?>> T mariadb(T c) {
        sql(c.getJdbcUrl(), "root", c.getPassword(),
                "CREATE USER 'bench_two'@'%' IDENTIFIED BY 'bench' WITH MAX_USER_CONNECTIONS 2",
                "GRANT SELECT ON `" + c.getDatabaseName() + "`.* TO 'bench_two'@'%'");
        return c;
    }

    private static void exec(JdbcDatabaseContainer<?> c, String... command) {
        try {
            ExecResult r = c.execInContainer(command);
            if (r.getExitCode() != 0) {
                throw new IllegalStateException(String.join(" ", command) + " in " + c.getDockerImageName() + ": " + r.getStderr());
            }
        } catch (IOException e) {
            throw new IllegalStateException(String.join(" ", command) + " in " + c.getDockerImageName(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }

    private static void sql(String url, String user, String password, String... statements) {
        try (Connection conn = DriverManager.getConnection(url, user, password); Statement s = conn.createStatement()) {
            for (String statement : statements) {
                s.execute(statement);
            }
        } catch (SQLException e) {
            throw new IllegalStateException("setting up " + url + " as services.sh sets up its server: " + e.getMessage(), e);
        }
    }
}
