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

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Optional;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;

/**
 * Noria's {@code hybrid}: the {@code mysql} backend's tables with a memcached look-aside cache in
 * front. Priming also caches every article as {@code "Article #<id>, 0"} under {@code article_<id>},
 * so the cache starts warm. A read multi-gets its keys, fetches the misses with one
 * {@code SELECT ... IN (...)} and caches them; a write commits to SQL exactly as {@code mysql} does,
 * then deletes the articles' keys.
 *
 * <p>A delete that fails after the commit (memcached down) can't undo the vote: the vote stays
 * acknowledged and the key waits in {@link #pendingDeletes}, retried before any session's next op
 * and before the after-run check. A fill claims its key before it reads SQL and caches the row with
 * {@code cas} only while its claim holds, so it can't cache a count a write has since raised, nor
 * replace what another reader cached ({@link HybridSession}); fills read committed rows only (Noria's
 * {@code READ UNCOMMITTED} session could cache a count whose transaction then rolls back).
 *
 * <p>After-run check: the vote rows in SQL against the counts read <em>through the cache</em> (cached
 * value on a hit, SQL on a miss). Counts only grow and every cached value was read from SQL, so a
 * stale entry is lower than SQL's and can only lower the sum: the sums agree only when every cached
 * entry is fresh and SQL's counts match its vote rows.
 *
 * <p>Threading: as {@link VoteBackend}; the hit and miss counters and the pending deletes are shared
 * by all sessions and thread-safe.
 */
final class HybridVoteBackend implements VoteBackend {

    /** A fill's claim on a key: never a cached row, whose values start with "Article #". */
    static final String CLAIM_PREFIX = "~claim:";
    /** How long a claim outlives a filler that died between its claim and its cas. */
    static final int CLAIM_SECONDS = 10;

    private final JdbcTarget sql;
    private final MemcachedTarget cache;
    private final JdbcVoteBackend tables;
    private final MemcachedVoteKeys keys;
    private final int maxBatch;
    private final AtomicInteger nextWorker = new AtomicInteger();
    private final LongAdder hits = new LongAdder();
    private final LongAdder misses = new LongAdder();
    private final ConcurrentLinkedQueue<String> pendingDeletes = new ConcurrentLinkedQueue<>();
    private long articles;
    private volatile long staleEntries;

    HybridVoteBackend(JdbcTarget sql, MemcachedTarget cache, String mysqlEngine, int maxBatch, String keyPrefix) {
        if (sql.dialect() == Dialect.MSSQL) {
            throw new BenchException("hybrid runs on MySQL/MariaDB (default) or PostgreSQL, not " + sql.dialect());
        }
        this.sql = sql;
        this.cache = cache;
        this.tables = new JdbcVoteBackend("hybrid", sql, mysqlEngine, maxBatch);
        this.keys = new MemcachedVoteKeys(keyPrefix);
        this.maxBatch = maxBatch;
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
        MemcachedPipeline.setAll(cache, cache.client(0), 1, articles, keys::article,
                id -> cached(MemcachedVoteKeys.title(id), 0));
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

    static boolean isClaim(Object cached) {
        return cached instanceof String s && s.startsWith(CLAIM_PREFIX);
    }

    static long votesOf(Object cached) {
        String s = cached.toString();
        return Long.parseLong(s.substring(s.lastIndexOf(", ") + 2).trim());
    }

    @Override
    public Optional<VoteCounts> count() throws Exception {
        flushPendingDeletes(cache.client(0));
        long voteRows = tables.count().orElseThrow().voteRows();
        long[] sum = {0, 0};
        try (Connection c = sql.connection();
             PreparedStatement range = c.prepareStatement("SELECT id, votes FROM art WHERE id BETWEEN ? AND ?")) {
            MemcachedPipeline.getAll(cache, cache.client(0), 1, articles, keys::article, (from, to, found) -> {
                range.setLong(1, from);
                range.setLong(2, to);
                try (ResultSet rs = range.executeQuery()) {
                    while (rs.next()) {
                        long inSql = rs.getLong(2);
                        Object hit = found.get(keys.article(rs.getLong(1)));
                        long read = hit != null && !isClaim(hit) ? votesOf(hit) : inSql;
                        sum[0] += read;
                        sum[1] += read != inSql ? 1 : 0;
                    }
                }
            });
        }
        staleEntries = sum[1];
        return Optional.of(new VoteCounts(voteRows, sum[0]));
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
                fills.setTransactionIsolation(Connection.TRANSACTION_READ_COMMITTED); // see the class comment
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

    void deleteLater(String key) {
        pendingDeletes.add(key);
    }

    /** Retries deletes that failed after their commit; throws (a lost connection) if memcached is still down. */
    void flushPendingDeletes(MemcachedClient client) throws Exception {
        for (String key = pendingDeletes.peek(); key != null; key = pendingDeletes.peek()) {
            MemcachedPipeline.await(cache, client, client.delete(key));
            pendingDeletes.remove(key);
        }
    }

    boolean hasPendingDeletes() {
        return !pendingDeletes.isEmpty();
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
