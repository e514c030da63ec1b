package dev.bench.workloads.vote;

import dev.bench.core.jdbc.JdbcTarget;
import dev.bench.core.memcached.MemcachedTarget;
import dev.bench.core.testing.TestServers;
import dev.bench.workloads.vote.VoteBackend.VoteCounts;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What only hybrid does (fills, invalidation, hit counting, the stale-entry check), against the real
 * servers: MySQL protocol (MariaDB here) and PostgreSQL with the shared memcached.
 */
class HybridVoteServerTest {

    /** Noria's protocol. */
    private static HybridVoteBackend backend(String sql, String test) {
        return backend(sql, test, false);
    }

    private static HybridVoteBackend backend(String sql, String test, boolean consistent) {
        String url = sql.equals("mysql") ? TestServers.mysqlUrl() : TestServers.postgresUrl();
        String memcached = TestServers.memcachedAddress();
        JdbcTarget target = JdbcTarget.open(url, null, null, 5);
        return new HybridVoteBackend(target, MemcachedTarget.open(memcached, 2), "InnoDB", 16,
                TestKeyPrefixes.unique("hybrid-" + test), consistent);
    }

    @ParameterizedTest
    @ValueSource(strings = {"mysql", "postgres"})
    void noriasWritesDeleteAndReadsFillTheCacheFromSql(String sql) throws Exception {
        try (HybridVoteBackend backend = backend(sql, "noria-fill")) {
            backend.prime(100);
            var client = backend.cache().client(0);
            assertEquals("Article #5, 0", client.get(backend.keys().article(5)), "the cache starts warm, Noria's values");

            try (VoteBackend.VoteSession s = backend.openSession()) {
                s.write(new long[] {5, 7, 5, 5}, 4);
                assertNull(client.get(backend.keys().article(5)), "a write deletes its keys");
                assertNull(client.get(backend.keys().generation(5)), "no generations in Noria's protocol");
                s.read(new long[] {5, 7, 9}, 3);
            }

            assertEquals("Article #5, 3", client.get(backend.keys().article(5)), "a miss is filled from SQL");
            assertEquals("Article #7, 1", client.get(backend.keys().article(7)));
            assertEquals(1, backend.cacheHits());
            assertEquals(2, backend.cacheMisses());
            assertEquals(Optional.of(new VoteCounts(4, 4)), backend.count());
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"mysql"})
    void noriasFillRacingAWriteLeavesAStaleEntryThatIsReportedNotAMismatch(String sql) throws Exception {
        try (HybridVoteBackend backend = backend(sql, "noria-race")) {
            backend.prime(100);
            try (HybridSession reader = (HybridSession) backend.openSession();
                 VoteBackend.VoteSession writer = backend.openSession()) {
                writer.write(new long[] {9}, 1);
                reader.beforeStore = () -> {
                    try {
                        writer.write(new long[] {9}, 1); // commits 2 and deletes the key after the reader's SELECT saw 1
                    } catch (Exception e) {
                        throw new IllegalStateException(e);
                    }
                };
                reader.read(new long[] {9}, 1);
            }
            assertEquals("Article #9, 1", backend.cache().client(0).get(backend.keys().article(9)), "the race, reproduced");

            Optional<VoteCounts> counts = backend.count();

            assertEquals(Optional.of(new VoteCounts(2, 2)), counts, "SQL agrees with the client: the check is SQL's");
            assertEquals(1, backend.staleEntries(), "the stale entry is counted for the summary");
            assertTrue(VoteCheck.of(2, 0, Optional.of(new VoteCounts(0, 0)), counts).ok());
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"mysql", "postgres"})
    void consistentWritesRaiseGenerationsAndReadsFillAtTheGenerationTheySaw(String sql) throws Exception {
        try (HybridVoteBackend backend = backend(sql, "fill", true)) {
            backend.prime(100);
            assertEquals(Optional.of(new VoteCounts(0, 0)), backend.count());
            var client = backend.cache().client(0);
            assertEquals("Article #5, 0 @1", client.get(backend.keys().article(5)), "the cache starts warm");
            assertEquals("1", client.get(backend.keys().generation(5)));

            try (VoteBackend.VoteSession s = backend.openSession()) {
                s.write(new long[] {5, 7, 5, 5}, 4);
                assertEquals(4, generation(backend, 5), "a write raises its articles' generations, once per vote");
                assertEquals(2, generation(backend, 7));
                assertEquals(1, generation(backend, 9));
                s.read(new long[] {5, 7, 9}, 3);
            }

            assertEquals("Article #5, 3 @4", client.get(backend.keys().article(5)), "a miss is filled from SQL");
            assertEquals("Article #7, 1 @2", client.get(backend.keys().article(7)));
            assertEquals(1, backend.cacheHits());
            assertEquals(2, backend.cacheMisses());
            assertEquals(Optional.of(new VoteCounts(4, 4)), backend.count());
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"mysql"})
    void withConsistentCacheAStaleEntryIsAMismatchAtTheCheck(String sql) throws Exception {
        try (HybridVoteBackend backend = backend(sql, "stale", true)) {
            backend.prime(100);
            try (VoteBackend.VoteSession s = backend.openSession()) {
                s.write(new long[] {9}, 1);
            }
            // what a fill racing with the write would leave behind if the generation did not guard it
            assertTrue(backend.cache().client(0).set(backend.keys().article(9), 0, "Article #9, 0 @" + generation(backend, 9)).get());

            Optional<VoteCounts> counts = backend.count();

            assertEquals(Optional.of(new VoteCounts(1, 0)), counts);
            assertEquals(1, backend.staleEntries());
            assertFalse(VoteCheck.of(1, 0, Optional.of(new VoteCounts(0, 0)), counts).ok());
        }
    }

    private static long generation(HybridVoteBackend backend, long id) {
        return GenerationCachePolicy.generationOf(backend.cache().client(0).get(backend.keys().generation(id)));
    }

    @ParameterizedTest
    @ValueSource(strings = {"mysql", "postgres"})
    void withConsistentCacheAFillThatReadSqlBeforeACommitIsNeverAHit(String sql) throws Exception {
        try (HybridVoteBackend backend = backend(sql, "race", true)) {
            backend.prime(100);
            var client = backend.cache().client(0);
            String key = backend.keys().article(9);
            try (HybridSession reader = (HybridSession) backend.openSession();
                 VoteBackend.VoteSession writer = backend.openSession()) {
                writer.write(new long[] {9}, 1); // SQL 1, generation 2: the next read misses
                reader.beforeStore = () -> {
                    try {
                        writer.write(new long[] {9}, 1); // commits 2 after the reader's SELECT saw 1: generation 3
                    } catch (Exception e) {
                        throw new IllegalStateException(e);
                    }
                };
                reader.read(new long[] {9}, 1);
                assertEquals("Article #9, 1 @2", client.get(key), "the fill stored what it read, at the generation it saw");
                assertEquals(Optional.of(new VoteCounts(2, 2)), backend.count(), "... which is no hit: the write raised it");

                reader.beforeStore = () -> { };
                reader.read(new long[] {9}, 1);
                assertEquals("Article #9, 2 @3", client.get(key), "the next read misses and caches the committed count");
                reader.read(new long[] {9}, 1);
            }
            assertEquals(3, backend.cacheHits() + backend.cacheMisses(), "three reads");
            assertEquals(1, backend.cacheHits(), "the third read is a hit");
            Optional<VoteCounts> counts = backend.count();
            assertEquals(Optional.of(new VoteCounts(2, 2)), counts);
            assertEquals(0, backend.staleEntries());
            assertTrue(VoteCheck.of(2, 0, Optional.of(new VoteCounts(0, 0)), counts).ok());
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"mysql"})
    void withConsistentCacheAColdCacheGetsGenerationsFromItsReaders(String sql) throws Exception {
        try (HybridVoteBackend backend = backend(sql, "cold", true)) {
            backend.prime(100);
            var client = backend.cache().client(0);
            assertTrue(client.delete(backend.keys().generation(4)).get(), "as memcached restarted or --no-prime");
            try (VoteBackend.VoteSession s = backend.openSession()) {
                s.read(new long[] {4}, 1);
                assertEquals("Article #4, 0 @1", client.get(backend.keys().article(4)), "no generation: nothing cached");
                long started = generation(backend, 4);
                assertTrue(started >= 1L << 40, "a reader started a random generation, not 1 again: " + started);
                s.read(new long[] {4}, 1);
                assertEquals("Article #4, 0 @" + started, client.get(backend.keys().article(4)));
                s.read(new long[] {4}, 1);
            }
            assertEquals(1, backend.cacheHits());
            assertEquals(2, backend.cacheMisses());
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"mysql"})
    void withConsistentCacheAWriteThatFailsStillInvalidatesItsArticles(String sql) throws Exception {
        try (HybridVoteBackend backend = backend(sql, "failed", true)) {
            backend.prime(100);
            try (VoteBackend.VoteSession s = backend.openSession()) {
                s.abort(); // the connection is gone: the write fails, maybe after its commit was applied
                assertThrows(Exception.class, () -> s.write(new long[] {3, 6}, 2));
            }
            assertTrue(backend.hasPendingInvalidations());
            assertEquals(1, generation(backend, 3));
            backend.count(); // flushes them first
            assertFalse(backend.hasPendingInvalidations());
            assertEquals(2, generation(backend, 3));
            assertEquals(2, generation(backend, 6));
        }
    }
}
