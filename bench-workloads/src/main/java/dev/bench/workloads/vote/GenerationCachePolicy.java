package dev.bench.workloads.vote;

import dev.bench.core.memcached.MemcachedTarget;
import net.spy.memcached.MemcachedClient;
import net.spy.memcached.internal.OperationFuture;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;

/**
 * {@code --consistent-cache} (not in Noria): a write raises the article's generation
 * ({@code article_<id>_gen}) instead of deleting its row, a cached row carries the generation its filler
 * saw ({@code "Article #<id>, <votes> @<gen>"}) and is a hit only while it is current, and fills read
 * committed rows only (Noria's {@code READ UNCOMMITTED} could cache a count whose transaction then
 * rolls back). Why this closes Noria's race: {@link HybridSession}.
 */
final class GenerationCachePolicy implements HybridCachePolicy {

    static final String GENERATION_TAG = " @";
    /** An article's generation as priming sets it. */
    private static final long FIRST_GENERATION = 1;

    private final MemcachedVoteKeys keys;

    GenerationCachePolicy(MemcachedVoteKeys keys) {
        this.keys = keys;
    }

    static String cached(String title, long votes, long generation) {
        return title + ", " + votes + GENERATION_TAG + generation;
    }

    /** A generation key's value (memcached pads an incremented value with spaces), or -1 when absent. */
    static long generationOf(Object value) {
        try {
            return value == null ? -1 : Long.parseLong(value.toString().trim());
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    /** Whether a cached row was filled at the article's current generation. */
    static boolean isFresh(Object cached, long generation) {
        String s = cached.toString();
        int tag = s.lastIndexOf(GENERATION_TAG);
        return generation >= 0 && tag >= 0 && generationOf(s.substring(tag + GENERATION_TAG.length())) == generation;
    }

    @Override
    public void prime(MemcachedTarget cache, MemcachedClient client, long articles) throws Exception {
        MemcachedPipeline.setAll(cache, client, 1, articles, keys::generation, id -> Long.toString(FIRST_GENERATION));
        MemcachedPipeline.setAll(cache, client, 1, articles, keys::article,
                id -> cached(MemcachedVoteKeys.title(id), 0, FIRST_GENERATION));
    }

    @Override
    public void prepareFills(Connection fills, VoteSql statements) throws SQLException {
        fills.setTransactionIsolation(Connection.TRANSACTION_READ_COMMITTED);
    }

    @Override
    public void addGuardKeys(List<String> readKeys, long id) {
        readKeys.add(keys.generation(id));
    }

    @Override
    public long guard(Map<String, Object> found, List<String> readKeys, int index) {
        return generationOf(found.get(readKeys.get(index)));
    }

    @Override
    public boolean isHit(Object row, long generation) {
        return row != null && isFresh(row, generation);
    }

    /**
     * Set, not add: an entry of an older generation is in the way, and a late set of an older generation
     * is harmless (a miss at the next read). A row read with no generation known (a cold cache) is not
     * cached; its article gets one, so the next read can cache it.
     */
    @Override
    public OperationFuture<Boolean> store(MemcachedClient client, long id, String title, long votes, long generation) {
        if (generation == NOT_READ) {
            return null;
        }
        return generation >= 0 ? client.set(keys.article(id), 0, cached(title, votes, generation)) : startGeneration(client, id);
    }

    /**
     * Raises an article's generation. One that memcached lost (or never had: {@code --no-prime} on a cold
     * cache) stays missing: no cached row of it is fresh, so there is nothing to invalidate, and its next
     * reader starts it again at a random value, which no row cached before matches.
     */
    @Override
    public OperationFuture<?> invalidate(MemcachedClient client, long id) {
        return client.asyncIncr(keys.generation(id), 1L);
    }

    /** Gives an article without one a random generation (add: a write's raise may have got there first). */
    private OperationFuture<Boolean> startGeneration(MemcachedClient client, long id) {
        return client.add(keys.generation(id), 0, Long.toString(ThreadLocalRandom.current().nextLong(1L << 40, 1L << 62)));
    }

    /** A stale entry lowers the sum read through the cache, so the check fails. */
    @Override
    public VoteBackend.VoteCounts checked(VoteBackend.VoteCounts inSql, long votesThroughCache) {
        return new VoteBackend.VoteCounts(inSql.voteRows(), votesThroughCache);
    }
}
