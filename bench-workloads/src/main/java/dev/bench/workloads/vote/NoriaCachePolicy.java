package dev.bench.workloads.vote;

import dev.bench.core.memcached.MemcachedTarget;
import net.spy.memcached.MemcachedClient;
import net.spy.memcached.internal.OperationFuture;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.Map;

/**
 * Noria's look-aside cache: a row is {@code "Article #<id>, <votes>"}, any cached row is a hit, a fill
 * adds (never over what another reader cached) and a write deletes. A fill can race a write and keep a
 * stale count ({@link HybridSession}).
 */
final class NoriaCachePolicy implements HybridCachePolicy {

    private final MemcachedVoteKeys keys;

    NoriaCachePolicy(MemcachedVoteKeys keys) {
        this.keys = keys;
    }

    static String cached(String title, long votes) {
        return title + ", " + votes;
    }

    @Override
    public void prime(MemcachedTarget cache, MemcachedClient client, long articles) throws Exception {
        MemcachedPipeline.setAll(cache, client, 1, articles, keys::article, id -> cached(MemcachedVoteKeys.title(id), 0));
    }

    @Override
    public void prepareFills(Connection fills, VoteSql statements) throws SQLException {
        if (statements.sessionInit() != null) {
            try (var s = fills.createStatement()) {
                s.execute(statements.sessionInit());
            }
        }
    }

    @Override
    public void addGuardKeys(List<String> readKeys, long id) {
        // a row alone says it is a hit
    }

    @Override
    public long guard(Map<String, Object> found, List<String> readKeys, int index) {
        return 0;
    }

    @Override
    public boolean isHit(Object row, long guard) {
        return row != null;
    }

    @Override
    public OperationFuture<Boolean> store(MemcachedClient client, long id, String title, long votes, long guard) {
        return client.add(keys.article(id), 0, cached(title, votes));
    }

    @Override
    public OperationFuture<?> invalidate(MemcachedClient client, long id) {
        return client.delete(keys.article(id));
    }

    /** Stale entries are Noria's protocol, reported and not a mismatch: the check is SQL's. */
    @Override
    public VoteBackend.VoteCounts checked(VoteBackend.VoteCounts inSql, long votesThroughCache) {
        return inSql;
    }
}
