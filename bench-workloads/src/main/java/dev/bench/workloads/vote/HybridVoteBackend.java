package dev.bench.workloads.vote;

import dev.bench.core.BenchException;
import dev.bench.core.ErrorKind;
import dev.bench.core.jdbc.Dialect;
import dev.bench.core.jdbc.JdbcTarget;
import dev.bench.core.jdbc.SqlErrors;
import dev.bench.core.memcached.MemcachedErrors;
import dev.bench.core.memcached.MemcachedTarget;
import dev.bench.core.run.Figures;
import net.spy.memcached.MemcachedClient;
import net.spy.memcached.internal.OperationFuture;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;

/**
 * Noria's {@code hybrid}: the {@code mysql} backend's tables with a memcached look-aside cache in
 * front. Priming also caches every article as {@code "Article #<id>, 0"} under {@code article_<id>},
 * so the cache starts warm. A read multi-gets its keys, fetches the misses with one
 * {@code SELECT ... IN (...)} and caches them; a write commits to SQL exactly as {@code mysql} does,
 * then deletes the articles' keys.
 *
 * <p>Noria's fill can race a write and keep a stale count ({@link HybridSession}). With
 * {@code --consistent-cache} (not in Noria) a write raises the article's generation
 * ({@code article_<id>_gen}) instead, a cached row carries the generation its filler saw
 * ({@code "Article #<id>, <votes> @<gen>"}) and is a hit only while it is current, and fills read
 * committed rows only (Noria's {@code READ UNCOMMITTED} could cache a count whose transaction then
 * rolls back).
 *
 * <p>An invalidation that fails after the commit (memcached down) can't undo the vote: the vote stays
 * acknowledged and the article waits in {@link #pendingInvalidations}, retried before any session's
 * next op and before the after-run check; so does every article of a write that failed, since its
 * commit may have been applied.
 *
 * <p>After-run check: the vote rows in SQL against SQL's counts, exactly, as for {@code mysql}; then the
 * cache against SQL: every entry a reader would take that disagrees with SQL is a stale entry (counted
 * in {@code cache_stale_entries_at_check}). Noria's protocol allows them, so they are reported, not a
 * mismatch; with {@code --consistent-cache} there must be none, and the check's sum is read through the
 * cache (a fresh row on a hit, SQL otherwise), so a stale entry lowers it and the check fails.
 *
 * <p>Threading: as {@link VoteBackend}; the hit and miss counters and the pending invalidations are shared
 * by all sessions and thread-safe.
 */
final class HybridVoteBackend implements VoteBackend {

    private static final String GENERATION_TAG = " @";
    /** An article's generation as priming sets it. */
    private static final long FIRST_GENERATION = 1;

    private final JdbcTarget sql;
    private final MemcachedTarget cache;
    private final JdbcVoteBackend tables;
    private final MemcachedVoteKeys keys;
    private final int maxBatch;
    private final VoteSql statements;
    private final AtomicInteger nextWorker = new AtomicInteger();
    private final LongAdder hits = new LongAdder();
    private final LongAdder misses = new LongAdder();
    private final PendingInvalidations pendingInvalidations = new PendingInvalidations();
    private long articles;
    private final boolean consistent;
    private volatile long staleEntries;

    HybridVoteBackend(JdbcTarget sql, MemcachedTarget cache, String mysqlEngine, int maxBatch, String keyPrefix,
                      boolean consistent) {
        if (sql.dialect() == Dialect.MSSQL) {
            throw new BenchException("hybrid runs on MySQL/MariaDB (default) or PostgreSQL, not " + sql.dialect());
        }
        this.sql = sql;
        this.cache = cache;
        this.tables = new JdbcVoteBackend("hybrid", sql, mysqlEngine, maxBatch);
        this.keys = new MemcachedVoteKeys(keyPrefix);
        this.maxBatch = maxBatch;
        this.consistent = consistent;
        this.statements = VoteSql.forDialect(sql.dialect(), mysqlEngine);
    }

    /** Whether fills are guarded by generations ({@code --consistent-cache}). */
    boolean consistent() {
        return consistent;
    }

    @Override
    public String name() {
        return "hybrid";
    }

    @Override
    public String describe() {
        return sql.serverVersion() + " at " + sql.maskedUrl() + " behind " + cache.describe();
    }

    /** Reads answered by the cache, per article id; includes warmup. */
    long cacheHits() {
        return hits.sum();
    }

    /** Reads that went to SQL, per article id; includes warmup. */
    long cacheMisses() {
        return misses.sum();
    }

    /** Cached entries that disagreed with SQL at the last {@link #count}. */
    long staleEntries() {
        return staleEntries;
    }

    @Override
    public void prime(long articles) throws Exception {
        tables.prime(articles);
        if (consistent) {
            MemcachedPipeline.setAll(cache, cache.client(0), 1, articles, keys::generation, id -> Long.toString(FIRST_GENERATION));
        }
        MemcachedPipeline.setAll(cache, cache.client(0), 1, articles, keys::article, id -> consistent
                ? cached(MemcachedVoteKeys.title(id), 0, FIRST_GENERATION) : cached(MemcachedVoteKeys.title(id), 0));
        this.articles = articles;
        hits.reset();
        misses.reset();
    }

    @Override
    public void requirePrimed(long articles) throws Exception {
        tables.requirePrimed(articles);
        this.articles = articles; // a cold cache is allowed: it fills on reads
    }

    static String cached(String title, long votes) {
        return title + ", " + votes;
    }

    static String cached(String title, long votes, long generation) {
        return title + ", " + votes + GENERATION_TAG + generation;
    }

    static long votesOf(Object cached) {
        String s = cached.toString();
        int tag = s.lastIndexOf(GENERATION_TAG);
        return Long.parseLong(s.substring(s.lastIndexOf(", ") + 2, tag >= 0 ? tag : s.length()).trim());
    }

    /** A generation key's value (memcached pads an incremented value with spaces), or -1 when absent. */
    static long generationOf(Object value) {
        try {
            return value == null ? -1 : Long.parseLong(value.toString().trim());
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    /**
     * Whether a reader takes a cached row: any row in Noria's protocol; with {@code --consistent-cache}
     * only one filled at the article's current {@code generation}.
     */
    boolean isHit(Object row, long generation) {
        return row != null && (!consistent || isFresh(row, generation));
    }

    /** Whether a cached row was filled at the article's current generation. */
    static boolean isFresh(Object cached, long generation) {
        String s = cached.toString();
        int tag = s.lastIndexOf(GENERATION_TAG);
        return generation >= 0 && tag >= 0 && generationOf(s.substring(tag + GENERATION_TAG.length())) == generation;
    }

    /**
     * Raises an article's generation. One that memcached lost (or never had: {@code --no-prime} on a cold
     * cache) stays missing: no cached row of it is fresh, so there is nothing to invalidate, and its next
     * reader starts it again at a random value, which no row cached before matches.
     */
    private OperationFuture<Long> raiseGeneration(MemcachedClient client, long id) {
        return client.asyncIncr(keys.generation(id), 1L);
    }

    /** After a write's commit: deletes the article's row (Noria), or raises its generation. */
    OperationFuture<?> invalidate(MemcachedClient client, long id) {
        return consistent ? raiseGeneration(client, id) : client.delete(keys.article(id));
    }

    /** Gives an article without one a random generation (add: a write's raise may have got there first). */
    OperationFuture<Boolean> startGeneration(MemcachedClient client, long id) {
        return client.add(keys.generation(id), 0, Long.toString(randomGeneration()));
    }

    private static long randomGeneration() {
        return ThreadLocalRandom.current().nextLong(1L << 40, 1L << 62);
    }

    @Override
    public Optional<VoteCounts> count() throws Exception {
        MemcachedClient client = cache.client(0);
        flushPendingInvalidations(client);
        VoteCounts inSql = tables.count().orElseThrow();
        long[] sum = {0, 0};
        try (Connection c = sql.connection();
             PreparedStatement range = c.prepareStatement("SELECT id, votes FROM art WHERE id BETWEEN ? AND ?")) {
            List<String> generationKeys = new ArrayList<>();
            MemcachedPipeline.getAll(cache, client, 1, articles, keys::article, (from, to, found) -> {
                Map<String, Object> generations = Map.of();
                if (consistent) {
                    generationKeys.clear();
                    for (long id = from; id <= to; id++) {
                        generationKeys.add(keys.generation(id));
                    }
                    generations = MemcachedPipeline.await(cache, client, client.asyncGetBulk(generationKeys));
                }
                range.setLong(1, from);
                range.setLong(2, to);
                try (ResultSet rs = range.executeQuery()) {
                    while (rs.next()) {
                        long id = rs.getLong(1);
                        long votes = rs.getLong(2);
                        Object row = found.get(keys.article(id));
                        long read = isHit(row, generationOf(generations.get(keys.generation(id)))) ? votesOf(row) : votes;
                        sum[0] += read;
                        sum[1] += read != votes ? 1 : 0;
                    }
                }
            });
        }
        staleEntries = sum[1];
        return Optional.of(consistent ? new VoteCounts(inSql.voteRows(), sum[0]) : inSql);
    }

    @Override
    public ErrorKind classify(Exception failure) {
        ErrorKind kind = SqlErrors.classify(failure);
        return kind == ErrorKind.FATAL ? MemcachedErrors.classify(failure) : kind;
    }

    @Override
    public VoteSession openSession() throws Exception {
        MemcachedClient client = cache.client(nextWorker.getAndIncrement());
        cache.awaitConnected(client, 500);
        VoteSession writes = tables.openSession();
        try {
            Connection fills = sql.connection();
            try {
                if (consistent) {
                    fills.setTransactionIsolation(Connection.TRANSACTION_READ_COMMITTED); // see the class comment
                } else if (statements.sessionInit() != null) {
                    try (var s = fills.createStatement()) {
                        s.execute(statements.sessionInit());
                    }
                }
                return new HybridSession(this, client, writes, fills, maxBatch);
            } catch (SQLException e) {
                fills.close();
                throw e;
            }
        } catch (Exception e) {
            writes.close();
            throw e;
        }
    }

    void invalidateLater(long id) {
        pendingInvalidations.add(id);
    }

    /** Retries invalidations that failed; throws (a lost connection) if memcached is still down. */
    void flushPendingInvalidations(MemcachedClient client) throws Exception {
        pendingInvalidations.flush(id -> MemcachedPipeline.await(cache, client, invalidate(client, id)));
    }

    boolean hasPendingInvalidations() {
        return !pendingInvalidations.isEmpty();
    }

    void countReads(int hit, int missed) {
        hits.add(hit);
        misses.add(missed);
    }

    MemcachedTarget cache() {
        return cache;
    }

    MemcachedVoteKeys keys() {
        return keys;
    }

    @Override
    public void close() {
        try {
            tables.close();
        } finally {
            cache.close();
        }
    }

    /** Hits and misses since priming (warmup included; the after-run check's reads are not counted). */
    @Override
    public void addFigures(Figures figures) {
        long h = cacheHits();
        long m = cacheMisses();
        figures.sum("cache_hits", h).sum("cache_misses", m)
                .ratio("cache_hit_rate", h + m == 0 ? 0.0 : Math.round(10_000.0 * h / (h + m)) / 10_000.0,
                        "cache_hits", "cache_hits", "cache_misses")
                .max("cache_stale_entries_at_check", staleEntries); // each client's check saw the one cache
    }
}
