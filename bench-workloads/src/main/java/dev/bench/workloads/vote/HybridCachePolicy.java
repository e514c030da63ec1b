package dev.bench.workloads.vote;

import dev.bench.core.memcached.MemcachedTarget;
import net.spy.memcached.MemcachedClient;
import net.spy.memcached.internal.OperationFuture;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.Map;

/**
 * How hybrid keeps its memcached rows: Noria's look-aside cache ({@link NoriaCachePolicy}) or, with
 * {@code --consistent-cache}, rows guarded by per-article generations ({@link GenerationCachePolicy}).
 * A row's guard is what a reader read beside it (the article's generation; nothing in Noria's protocol)
 * and decides whether the row is a hit and what a fill stores.
 *
 * <p>Threading: stateless past construction; shared by all sessions of one backend.
 */
sealed interface HybridCachePolicy permits NoriaCachePolicy, GenerationCachePolicy {

    /** A fill's guard for a row the read did not ask for (not one of its misses). */
    long NOT_READ = Long.MIN_VALUE;

    static HybridCachePolicy of(boolean consistent, MemcachedVoteKeys keys) {
        return consistent ? new GenerationCachePolicy(keys) : new NoriaCachePolicy(keys);
    }

    /** Caches every article with no votes, so the cache starts warm. */
    void prime(MemcachedTarget cache, MemcachedClient client, long articles) throws Exception;

    /** Sets up the connection that fills misses ({@code statements}' session init, or an isolation level). */
    void prepareFills(Connection fills, VoteSql statements) throws SQLException;

    /** Adds the keys a reader reads beside article {@code id}'s row to tell whether the row is a hit. */
    void addGuardKeys(List<String> keys, long id);

    /** The guard that {@code found} holds at {@code keys.get(index)}, one that {@link #addGuardKeys} added. */
    long guard(Map<String, Object> found, List<String> keys, int index);

    /** Whether a reader takes a cached row read with {@code guard}. */
    boolean isHit(Object row, long guard);

    /** Caches a filled row read with {@code guard}; null when it stores nothing. */
    OperationFuture<Boolean> store(MemcachedClient client, long id, String title, long votes, long guard);

    /** After a write's commit: makes the article's cached row a miss. */
    OperationFuture<?> invalidate(MemcachedClient client, long id);

    /** What the after-run check reports: SQL's counts, or the sum as read through the cache. */
    VoteBackend.VoteCounts checked(VoteBackend.VoteCounts inSql, long votesThroughCache);

    /** A cached row's votes, in either policy's format. */
    static long votesOf(Object cached) {
        String s = cached.toString();
        int tag = s.lastIndexOf(GenerationCachePolicy.GENERATION_TAG);
        return Long.parseLong(s.substring(s.lastIndexOf(", ") + 2, tag >= 0 ? tag : s.length()).trim());
    }
}
