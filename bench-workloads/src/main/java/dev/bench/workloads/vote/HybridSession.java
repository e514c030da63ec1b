package dev.bench.workloads.vote;

import dev.bench.core.jdbc.JdbcTarget;
import dev.bench.core.memcached.MemcachedTarget;
import net.spy.memcached.CASResponse;
import net.spy.memcached.CASValue;
import net.spy.memcached.MemcachedClient;
import net.spy.memcached.internal.OperationFuture;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadLocalRandom;

/**
 * One hybrid worker: a memcached client (shared), the {@code mysql} backend's session for writes, and
 * a connection of its own for filling misses. Used by one thread at a time.
 *
 * <p>A fill can't leave a stale count behind. A plain look-aside fill (SELECT, then add) races with a
 * write: the SELECT reads the count before the write commits, the write deletes the key (nothing there
 * yet), then the add caches the old count for good. So a fill first claims the key (an {@code add} of
 * a token of this session's, as a lease would), reads SQL after its claim is in place, and caches the
 * row with {@code cas} only while the key still holds its token: a write's delete after its commit
 * removes the claim, and the cas then fails. A write that fails (its commit maybe applied) deletes its
 * keys later all the same.
 */
final class HybridSession implements VoteBackend.VoteSession {

    private final HybridVoteBackend backend;
    private final MemcachedTarget cache;
    private final MemcachedClient client;
    private final VoteBackend.VoteSession writes;
    private final Connection fills;
    private final PreparedStatement[] selects;
    private final List<String> readKeys = new ArrayList<>();
    private final List<OperationFuture<Boolean>> pending = new ArrayList<>();
    private final List<Future<CASValue<Object>>> claims = new ArrayList<>();
    private final List<OperationFuture<CASResponse>> stores = new ArrayList<>();
    /** This session's claim tokens: unique among clients on other hosts too. */
    private final String claimPrefix = HybridVoteBackend.CLAIM_PREFIX + Long.toHexString(ThreadLocalRandom.current().nextLong()) + ":";
    private long claimSeq;
    /** Runs between a fill's SELECT and its cas: where the race test puts a racing write. */
    Runnable beforeStore = () -> { };
    private long[] missed = new long[0];
    /** Keeps reads from being optimised away. */
    private long sink;

    HybridSession(HybridVoteBackend backend, MemcachedClient client, VoteBackend.VoteSession writes, Connection fills,
                  int maxBatch) {
        this.backend = backend;
        this.cache = backend.cache();
        this.client = client;
        this.writes = writes;
        this.fills = fills;
        this.selects = new PreparedStatement[Integer.highestOneBit(Math.max(1, maxBatch - 1)) * 2 + 1];
    }

    @Override
    public void read(long[] ids, int n) throws Exception {
        if (backend.hasPendingDeletes()) {
            backend.flushPendingDeletes(client);
        }
        MemcachedVoteKeys keys = backend.keys();
        readKeys.clear();
        for (int i = 0; i < n; i++) {
            readKeys.add(keys.article(ids[i]));
        }
        Map<String, Object> found = MemcachedPipeline.await(cache, client, client.asyncGetBulk(readKeys));
        if (missed.length < n) {
            missed = new long[n];
        }
        int m = 0;
        for (int i = 0; i < n; i++) {
            Object hit = found.get(readKeys.get(i));
            if (hit != null && !HybridVoteBackend.isClaim(hit)) {
                sink += HybridVoteBackend.votesOf(hit);
            } else {
                missed[m++] = ids[i];
            }
        }
        backend.countReads(n - m, m);
        if (m > 0) {
            fill(missed, m);
        }
    }

    /**
     * Claims each miss's key, then one SELECT for the misses (sorted, distinct), then caches each row
     * whose claim is still in place (see the class comment). A claim another reader holds, or a value
     * cached meanwhile, is left as it is: this read gets SQL's row either way.
     */
    private void fill(long[] ids, int m) throws Exception {
        MemcachedVoteKeys keys = backend.keys();
        String token = claimPrefix + claimSeq++;
        pending.clear();
        claims.clear();
        for (int i = 0; i < m; i++) {
            String key = keys.article(ids[i]);
            pending.add(client.add(key, HybridVoteBackend.CLAIM_SECONDS, token));
            claims.add(client.asyncGets(key)); // same connection, after the add: sees the claim in place
        }
        for (OperationFuture<Boolean> claim : pending) {
            MemcachedPipeline.await(cache, client, claim);
        }
        int padded = m == 1 ? 1 : Integer.highestOneBit(m - 1) * 2;
        PreparedStatement ps = selects[padded];
        if (ps == null) {
            ps = selects[padded] = fills.prepareStatement(VoteSql.read(padded));
        }
        for (int i = 0; i < padded; i++) {
            ps.setLong(i + 1, ids[Math.min(i, m - 1)]);
        }
        stores.clear();
        try (ResultSet rs = ps.executeQuery()) {
            beforeStore.run();
            while (rs.next()) {
                long id = rs.getLong(1);
                long votes = rs.getLong(3);
                sink += votes;
                CASValue<Object> held = MemcachedPipeline.await(cache, client, claims.get(indexOf(ids, m, id)));
                if (held != null && token.equals(held.getValue())) {
                    stores.add(client.asyncCAS(keys.article(id), held.getCas(), 0,
                            HybridVoteBackend.cached(rs.getString(2), votes), client.getTranscoder()));
                }
            }
        }
        for (OperationFuture<CASResponse> store : stores) {
            MemcachedPipeline.await(cache, client, store);
        }
    }

    private static int indexOf(long[] ids, int m, long id) {
        for (int i = 0; i < m; i++) {
            if (ids[i] == id) {
                return i;
            }
        }
        throw new IllegalStateException("SQL returned article " + id + ", which was not asked for");
    }

    @Override
    public void write(long[] ids, int n) throws Exception {
        if (backend.hasPendingDeletes()) {
            backend.flushPendingDeletes(client);
        }
        try {
            writes.write(ids, n); // committed from here on: the vote counts whatever memcached does
        } catch (Exception e) {
            for (int i = 0; i < n; i++) { // the commit may have been applied (in doubt): its keys must go
                backend.deleteLater(backend.keys().article(ids[i]));
            }
            throw e;
        }
        pending.clear();
        MemcachedVoteKeys keys = backend.keys();
        try {
            for (int i = 0; i < n; i++) {
                pending.add(client.delete(keys.article(ids[i])));
            }
        } catch (RuntimeException e) {
            // spymemcached refused to queue the delete (shutting down or queue full): retried later
        }
        for (int i = 0; i < n; i++) {
            try {
                if (i < pending.size()) {
                    MemcachedPipeline.await(cache, client, pending.get(i));
                } else {
                    backend.deleteLater(keys.article(ids[i]));
                }
            } catch (Exception e) {
                backend.deleteLater(keys.article(ids[i]));
            }
        }
    }

    @Override
    public void abort() {
        writes.abort();
        JdbcTarget.abort(fills);
    }

    @Override
    public void close() throws Exception {
        try {
            writes.close();
        } finally {
            try {
                fills.close();
            } catch (SQLException ignored) {
                // being discarded; a broken connection has nothing left to say
            }
        }
    }
}
