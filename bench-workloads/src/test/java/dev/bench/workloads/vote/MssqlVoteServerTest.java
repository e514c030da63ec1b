package dev.bench.workloads.vote;

import dev.bench.core.RunConfig;
import dev.bench.core.jdbc.JdbcTarget;
import dev.bench.workloads.vote.VoteBackend.VoteCounts;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.testcontainers.DockerClientFactory;
import org.testcontainers.containers.MSSQLServerContainer;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The mssql backend against a real SQL Server: BENCH_MSSQL_URL, else a Testcontainers container where
 * Docker runs, else skipped with the reason. SQL Server has no Debian package, so on machines without
 * Docker (these) the skip stays a skip even under BENCH_REQUIRE_SERVICES: it is known not to exist.
 */
class MssqlVoteServerTest {

    static final String IMAGE = "mcr.microsoft.com/mssql/server:2022-CU16-ubuntu-22.04";

    private static MSSQLServerContainer<?> container;
    private static String url;

    @BeforeAll
    static void findServer() {
        String fromEnv = System.getenv("BENCH_MSSQL_URL");
        if (fromEnv != null && !fromEnv.isBlank()) {
            url = fromEnv;
            return;
        }
        if (!dockerAvailable()) {
            String reason = "no SQL Server: BENCH_MSSQL_URL is not set and no Docker engine runs; SQL Server has no"
                    + " Debian package, so this stays skipped even with BENCH_REQUIRE_SERVICES (the SQL, session"
                    + " options and view are unit-tested in MssqlVoteSqlTest)";
            System.err.println("SKIPPED: " + reason);
            Assumptions.abort(reason);
        }
        container = new MSSQLServerContainer<>(IMAGE).acceptLicense();
        container.start();
        url = container.getJdbcUrl() + ";user=" + container.getUsername() + ";password=" + container.getPassword();
    }

    @AfterAll
    static void stop() {
        if (container != null) {
            container.stop();
        }
    }

    private static boolean dockerAvailable() {
        try {
            return DockerClientFactory.instance().isDockerAvailable();
        } catch (RuntimeException | LinkageError e) {
            return false;
        }
    }

    private static MssqlVoteBackend backend() {
        return new MssqlVoteBackend(JdbcTarget.open(url, null, null, 4), 16);
    }

    @Test
    void primeGivesTrueCountsAndAWriteCountsDuplicatesOnceEach() throws Exception {
        try (MssqlVoteBackend backend = backend()) {
            backend.prime(2500);
            assertEquals(new VoteCounts(0, 0), backend.count());
            try (VoteBackend.VoteSession s = backend.openSession()) {
                s.write(new long[] {5, 7, 5, 5}, 4);
                s.read(new long[] {5, 7}, 2);
            }
            assertEquals(new VoteCounts(4, 4), backend.count());
            try (Connection c = DriverManagerHolder.connect(url); Statement s = c.createStatement();
                 ResultSet rs = s.executeQuery(MssqlVoteSql.read(1).replace("?", "5"))) {
                assertTrue(rs.next());
                assertEquals(3, rs.getLong(3), "true count, not Noria's one high");
            }
            backend.prime(10); // again: the tool's own view and tables are dropped and re-created
            backend.requirePrimed(10);
        }
    }

    @Test
    void aRunLeavesTheViewAgreeingWithTheClient() {
        try (MssqlVoteBackend backend = backend()) {
            VoteSettings settings = new VoteSettings(1000, 5, true, 1.08, 16, true);
            VoteCounts before = VoteBenchmark.prepare(backend, settings);
            RunConfig config = RunConfig.builder().threads(2).targetOpsPerSec(500).warmup(Duration.ofMillis(300))
                    .duration(Duration.ofSeconds(2)).build();

            VoteBenchmark.Outcome outcome = VoteBenchmark.run(backend, settings, config, List.of(), before);

            assertTrue(outcome.check().ok(), outcome.check().verdict());
            assertEquals(outcome.result().generatedTotal(), outcome.result().completedTotal());
        }
    }

    /** Plain JDBC for looking at the view from outside the backend (with the options views need). */
    private static final class DriverManagerHolder {
        static Connection connect(String url) throws java.sql.SQLException {
            Connection c = java.sql.DriverManager.getConnection(url);
            try (Statement s = c.createStatement()) {
                s.execute(MssqlVoteSql.SESSION_OPTIONS);
            }
            return c;
        }
    }
}
