package dev.bench.workloads.vote;

import dev.bench.core.BenchException;
import dev.bench.core.RunConfig;
import dev.bench.core.jdbc.JdbcTarget;
import dev.bench.core.memcached.MemcachedTarget;
import dev.bench.core.testing.TestServers;
import dev.bench.workloads.vote.VoteBackend.VoteCounts;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.time.Duration;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What every vote backend must do, whatever it stores votes in: one suite run over every backend that
 * keeps state (HdrHistogram's one HistogramTest over its implementations is the model). Add a backend
 * with one line in {@link #backends()}. Server backends use the real local servers (or containers);
 * SQL-only behaviour is in {@link JdbcVoteBackendContract}.
 */
class VoteBackendContractTest {

    /** Opens a fresh backend; runs inside the test, so a missing server skips (or in CI fails) that test only. */
    interface BackendFactory {
        VoteBackend open();
    }

    static Stream<Named<BackendFactory>> backends() {
        return Stream.of(
                Named.of("memory", VoteBackends::memory),
                Named.of("h2", () -> jdbc("h2", "jdbc:h2:mem:vote-contract;DB_CLOSE_DELAY=-1")),
                Named.of("postgres", () -> jdbc("postgres", TestServers.postgresUrl())),
                Named.of("mysql", () -> jdbc("mysql", TestServers.mysqlUrl())),
                Named.of("mssql", () -> VoteBackends.mssql(JdbcTarget.open(MssqlTestServer.url(), null, null, 4), 16)),
                Named.of("memcached", () -> VoteBackends.memcached(MemcachedTarget.open(TestServers.memcachedAddress(), 2),
                        TestKeyPrefixes.unique("contract"), false)),
                Named.of("hybrid-mysql", () -> hybrid(TestServers.mysqlUrl(), false)),
                Named.of("hybrid-postgres", () -> hybrid(TestServers.postgresUrl(), false)),
                Named.of("hybrid-mysql --consistent-cache", () -> hybrid(TestServers.mysqlUrl(), true)));
    }

    private static VoteBackend hybrid(String url, boolean consistentCache) {
        return VoteBackends.hybrid(JdbcTarget.open(url, null, null, 5), MemcachedTarget.open(TestServers.memcachedAddress(), 2),
                "InnoDB", 16, TestKeyPrefixes.unique("contract-hybrid"), consistentCache);
    }

    private static VoteBackend jdbc(String name, String url) {
        return VoteBackends.jdbc(name, JdbcTarget.open(url, null, null, 4), "InnoDB", 16);
    }

    @ParameterizedTest
    @MethodSource("backends")
    void primeCreatesArticlesWithoutVotes(BackendFactory factory) throws Exception {
        try (VoteBackend backend = factory.open()) {
            backend.prime(2500);

            VoteCounts counts = backend.count().orElseThrow();
            // memcached keeps counters, not rows (counts.rows() false): both figures are its counters' sum
            assertEquals(0, counts.voteRows(), counts.toString());
            assertEquals(0, counts.countSum(), counts.toString());
            backend.requirePrimed(2500);
        }
    }

    @ParameterizedTest
    @MethodSource("backends")
    void aWriteBatchCountsDuplicateIdsOnceEach(BackendFactory factory) throws Exception {
        try (VoteBackend backend = factory.open()) {
            backend.prime(100);
            try (VoteBackend.VoteSession s = backend.openSession()) {
                s.write(new long[] {5, 7, 5, 5}, 4);
                s.read(new long[] {5, 7}, 2);
                s.write(new long[] {100}, 1);
            }

            assertEquals(5, backend.count().orElseThrow().countSum());
        }
    }

    @ParameterizedTest
    @MethodSource("backends")
    void aRunLeavesTheDatabaseAgreeingWithTheClient(BackendFactory factory) throws Exception {
        try (VoteBackend backend = factory.open()) {
            VoteSettings settings = new VoteSettings(1000, 5, true, 1.08, 16, true);
            RunConfig config = RunConfig.builder().threads(2).targetOpsPerSec(1000).warmup(Duration.ofMillis(300))
                    .duration(Duration.ofSeconds(2)).build();

            VoteRuns.Run run = VoteRuns.run(backend, settings, config);

            assertTrue(run.outcome().check().checked());
            assertTrue(run.outcome().check().ok(), run.outcome().check().verdict());
            assertEquals(0, run.exitCode());
            assertTrue(run.acknowledgedVotes() > 200, "acknowledged " + run.acknowledgedVotes());
            assertEquals(run.outcome().result().generatedTotal(), run.outcome().result().completedTotal());
        }
    }

    @ParameterizedTest
    @MethodSource("backends")
    void runningWithoutPrimingNeedsEnoughArticles(BackendFactory factory) throws Exception {
        try (VoteBackend backend = factory.open()) {
            backend.prime(10);
            backend.requirePrimed(10);

            BenchException tooFew = assertThrows(BenchException.class, () -> backend.requirePrimed(11));
            assertTrue(tooFew.getMessage().contains("fewer than --articles 11"), tooFew.getMessage());
        }
    }
}
