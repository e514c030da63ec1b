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

    private static HybridVoteBackend backend(String sql, String test) {
        String url = sql.equals("mysql") ? TestServers.mysqlUrl() : TestServers.postgresUrl();
        String memcached = MemcachedTestServer.address();
        JdbcTarget target = JdbcTarget.open(url, null, null, 5);
        return new HybridVoteBackend(target, MemcachedTarget.open(memcached, 2), "InnoDB", 16,
                MemcachedTestServer.uniquePrefix("hybrid-" + test));
    }

    @ParameterizedTest
    @ValueSource(strings = {"mysql", "postgres"})
    void writesInvalidateAndReadsFillTheCacheFromSql(String sql) throws Exception {
        try (HybridVoteBackend backend = backend(sql, "fill")) {
            backend.prime(100);
            assertEquals(Optional.of(new VoteCounts(0, 0)), backend.count());
            var client = backend.cache().client(0);
            assertEquals("Article #5, 0", client.get(backend.keys().article(5)), "the cache starts warm");

            try (VoteBackend.VoteSession s = backend.openSession()) {
                s.write(new long[] {5, 7, 5, 5}, 4);
                assertNull(client.get(backend.keys().article(5)), "a write deletes its keys");
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
    void aStaleCacheEntryIsAMismatchAtTheCheck(String sql) throws Exception {
        try (HybridVoteBackend backend = backend(sql, "stale")) {
            backend.prime(100);
            try (VoteBackend.VoteSession s = backend.openSession()) {
                s.write(new long[] {9}, 1);
            }
            // what a fill racing with the write would leave behind: the count from before the vote
            assertTrue(backend.cache().client(0).set(backend.keys().article(9), 0, "Article #9, 0").get());

            Optional<VoteCounts> counts = backend.count();

            assertEquals(Optional.of(new VoteCounts(1, 0)), counts);
            assertEquals(1, backend.staleEntries());
            assertFalse(VoteCheck.of(1, 0, Optional.of(new VoteCounts(0, 0)), counts).ok());
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"mysql", "postgres"})
    void aFillThatReadSqlBeforeACommitDoesNotCacheTheOldCount(String sql) throws Exception {
        try (HybridVoteBackend backend = backend(sql, "race")) {
            backend.prime(100);
            var client = backend.cache().client(0);
            String key = backend.keys().article(9);
            try (HybridSession reader = (HybridSession) backend.openSession();
                 VoteBackend.VoteSession writer = backend.openSession()) {
                writer.write(new long[] {9}, 1); // SQL 1, key deleted: the next read misses
                reader.beforeStore = () -> {
                    try {
                        writer.write(new long[] {9}, 1); // commits 2 and deletes the key after the reader's SELECT saw 1
                    } catch (Exception e) {
                        throw new IllegalStateException(e);
                    }
                };
                reader.read(new long[] {9}, 1);
                assertNull(client.get(key), "the reader's claim was deleted by the write: nothing cached");

                reader.beforeStore = () -> { };
                reader.read(new long[] {9}, 1);
                assertEquals("Article #9, 2", client.get(key), "the next miss caches the committed count");
            }
            Optional<VoteCounts> counts = backend.count();
            assertEquals(Optional.of(new VoteCounts(2, 2)), counts);
            assertTrue(VoteCheck.of(2, 0, Optional.of(new VoteCounts(0, 0)), counts).ok());
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"mysql"})
    void aKeyClaimedByAnotherReaderIsReadFromSqlAndLeftAlone(String sql) throws Exception {
        try (HybridVoteBackend backend = backend(sql, "claimed")) {
            backend.prime(100);
            var client = backend.cache().client(0);
            String key = backend.keys().article(4);
            String claim = HybridVoteBackend.CLAIM_PREFIX + "another-reader";
            try (VoteBackend.VoteSession s = backend.openSession()) {
                s.write(new long[] {4}, 1);
                assertTrue(client.set(key, 0, claim).get());
                s.read(new long[] {4}, 1);
            }
            assertEquals(claim, client.get(key), "another reader's claim is not replaced");
            assertEquals(1, backend.cacheMisses());
            assertEquals(Optional.of(new VoteCounts(1, 1)), backend.count(), "a claim is no cached count");
            assertEquals(0, backend.staleEntries());
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"mysql"})
    void aWriteThatFailsStillDeletesItsKeysLater(String sql) throws Exception {
        try (HybridVoteBackend backend = backend(sql, "failed")) {
            backend.prime(100);
            try (VoteBackend.VoteSession s = backend.openSession()) {
                s.abort(); // the connection is gone: the write fails, maybe after its commit was applied
                assertThrows(Exception.class, () -> s.write(new long[] {3, 6}, 2));
            }
            assertTrue(backend.hasPendingDeletes());
            backend.count(); // flushes them first
            assertFalse(backend.hasPendingDeletes());
            assertNull(backend.cache().client(0).get(backend.keys().article(3)));
            assertNull(backend.cache().client(0).get(backend.keys().article(6)));
        }
    }
}
