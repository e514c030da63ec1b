package dev.bench.workloads.vote;

import org.junit.jupiter.api.Assumptions;
import org.testcontainers.DockerClientFactory;
import org.testcontainers.containers.MSSQLServerContainer;

/**
 * A SQL Server for tests: BENCH_MSSQL_URL, else a Testcontainers container where Docker runs, else the
 * test is skipped with the reason. SQL Server has no Debian package, so on machines without Docker
 * (these) the skip stays a skip even under BENCH_REQUIRE_SERVICES: it is known not to exist here.
 *
 * <p>Threading: the container starts once per JVM, under the class lock.
 */
final class MssqlTestServer {

    /** The image --container uses (bench-cli's ServerImages, which this module can't see). */
    static final String IMAGE = "mcr.microsoft.com/mssql/server:2022-CU16-ubuntu-22.04";

    private static MSSQLServerContainer<?> container;

    private MssqlTestServer() {
    }

    /** A JDBC URL with credentials. */
    static String url() {
        String fromEnv = System.getenv("BENCH_MSSQL_URL");
        if (fromEnv != null && !fromEnv.isBlank()) {
            return fromEnv;
        }
        if (!dockerAvailable()) {
            String reason = "no SQL Server: BENCH_MSSQL_URL is not set and no Docker engine runs; SQL Server has no"
                    + " Debian package, so this stays skipped even with BENCH_REQUIRE_SERVICES (its SQL, session"
                    + " options and view are unit-tested in MssqlVoteSqlTest)";
            System.err.println("SKIPPED: " + reason);
            Assumptions.abort(reason);
        }
        synchronized (MssqlTestServer.class) {
            if (container == null) {
                container = new MSSQLServerContainer<>(IMAGE).acceptLicense();
                container.start();
            }
            return container.getJdbcUrl() + ";user=" + container.getUsername() + ";password=" + container.getPassword();
        }
    }

    private static boolean dockerAvailable() {
        try {
            return DockerClientFactory.instance().isDockerAvailable();
        } catch (RuntimeException | LinkageError e) {
            return false; // isDockerAvailable only catches IllegalStateException itself
        }
    }
}
