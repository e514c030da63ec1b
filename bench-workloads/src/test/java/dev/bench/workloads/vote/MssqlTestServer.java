package dev.bench.workloads.vote;

import dev.bench.core.testing.SkipOrFail;
import org.testcontainers.containers.MSSQLServerContainer;

/**
 * A SQL Server for tests: BENCH_MSSQL_URL, else a Testcontainers container where Docker runs, else the
 * test is skipped with the reason. SQL Server has no Debian package, so scripts/services.sh can't start one
 * and BENCH_REQUIRE_SERVICES doesn't promise one: without Docker (these machines, CI here) the skip stays a
 * skip under the flag ({@link SkipOrFail#skipWithoutDocker}).
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
        SkipOrFail.skipWithoutImage(IMAGE, "no SQL Server: BENCH_MSSQL_URL is not set and no Docker engine runs; SQL Server has no"
                + " Debian package (its SQL, session options and view are unit-tested in MssqlVoteSqlTest)");
        synchronized (MssqlTestServer.class) {
            if (container == null) {
                container = new MSSQLServerContainer<>(IMAGE).acceptLicense();
                container.start();
            }
            return container.getJdbcUrl() + ";user=" + container.getUsername() + ";password=" + container.getPassword();
        }
    }
}
