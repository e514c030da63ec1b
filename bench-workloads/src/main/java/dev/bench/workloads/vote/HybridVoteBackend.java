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
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
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
 * {@code --consistent-cache} (not in Noria) rows are guarded by per-article generations instead: the
 * two ways are the {@link HybridCachePolicy}s, {@link NoriaCachePolicy} and {@link GenerationCachePolicy}.
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
    private final HybridCachePolicy policy;
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
        this.policy = HybridCachePolicy.of(consistent, keys);
        this.statements = VoteSql.forDialect(sql.dialect(), mysqlEngine);
    }

    HybridCachePolicy policy() {
        return policy;
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
        policy.prime(cache, cache.client(0), articles);
        this.articles = articles;
        hits.reset();
        misses.reset();
    }

    @Override
    public void requirePrimed(long articles) throws Exception {
        tables.requirePrimed(articles);
        this.articles = articles; // a cold cache is allowed: it fills on reads
    }

    @Override
    public Optional<VoteCounts> count() throws Exception {
        MemcachedClient client = cache.client(0);
        flushPendingInvalidations(client);
        VoteCounts inSql = tables.count().orElseThrow();
        long[] sum = {0, 0};
        try (Connection c = sql.connection();
             PreparedStatement range = c.prepareStatement("SELECT id, votes FROM art WHERE id BETWEEN ? AND ?")) {
            List<String> guardKeys = new ArrayList<>();
            MemcachedPipeline.getAll(cache, client, 1, articles, keys::article, (from, to, found) -> {
                guardKeys.clear();
                for (long id = from; id <= to; id++) {
                    policy.addGuardKeys(guardKeys, id);
                }
                Map<String, Object> guards = guardKeys.isEmpty() ? Map.of()
                        : cache.await(client, client.asyncGetBulk(guardKeys));
                range.setLong(1, from);
                range.setLong(2, to);
                try (ResultSet rs = range.executeQuery()) {
                    while (rs.next()) {
                        long id = rs.getLong(1);
                        long votes = rs.getLong(2);
                        Object row = found.get(keys.article(id));
                        long read = policy.isHit(row, policy.guard(guards, guardKeys, (int) (id - from)))
                                ? HybridCachePolicy.votesOf(row) : votes;
                        sum[0] += read;
                        sum[1] += read != votes ? 1 : 0;
                    }
                }
            });
        }
        staleEntries = sum[1];
        return Optional.of(policy.checked(inSql, sum[0]));
    }

    @Override
    public ErrorKind classify(Exception failure) {
        ErrorKind kind = SqlErrors.classify(failure);
        return kind == ErrorKind.FATAL ? MemcachedErrors.classify(failure) : kind;
    }

    /** A write commits in SQL before it touches the cache: any cache failure after it leaves its votes in doubt. */
    @Override
    public boolean mayHaveLanded(Exception failure) {
        return classify(failure) == ErrorKind.CONNECTION || MemcachedErrors.isMemcachedFailure(failure);
    }

    @Override
    public VoteSession openSession() throws Exception {
        MemcachedClient client = cache.client(nextWorker.getAndIncrement());
        cache.awaitConnected(client, 500);
        VoteSession writes = tables.openSession();
        try {
            Connection fills = sql.connection();
            try {
                policy.prepareFills(fills, statements);
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
        pendingInvalidations.flush(id -> cache.await(client, policy.invalidate(client, id)));
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
