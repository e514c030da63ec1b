package dev.bench.workloads.vote;

import dev.bench.core.jdbc.JdbcTarget;
import dev.bench.core.memcached.MemcachedTarget;
import net.spy.memcached.MemcachedClient;
import net.spy.memcached.internal.OperationFuture;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * One hybrid worker: a memcached client (shared), the {@code mysql} backend's session for writes, and
 * a connection of its own for filling misses. Used by one thread at a time.
 *
 * <p>Noria's look-aside fill (SELECT, then add) races with a write: the SELECT reads the count before
 * the write commits, the write deletes the key (nothing there yet), then the add caches the old count
 * until the article's next write. It happens at high load on loopback, and more after a partition,
 * when fills and deletes arrive late and out of order. With {@code --consistent-cache} each article has
 * a generation key that a write raises after its commit (instead of deleting the row), read in the same
 * multi-get as the article; a cached row carries the generation its filler saw before its SELECT and is
 * a hit only while that is still the article's generation. A write that commits after a fill's SELECT
 * raises the generation after that, so the fill is a miss from then on; one that committed before it
 * is in what the SELECT read. No round trip is added, but twice the keys are read.
 */
final class HybridSession implements VoteBackend.VoteSession {

    private final HybridVoteBackend backend;
    private final HybridCachePolicy policy;
    private final MemcachedTarget cache;
    private final MemcachedClient client;
    private final VoteBackend.VoteSession writes;
    private final Connection fills;
    private final PaddedReads selects;
    private final List<String> readKeys = new ArrayList<>();
    private final List<OperationFuture<Boolean>> pending = new ArrayList<>();
    private final List<OperationFuture<?>> invalidations = new ArrayList<>();
    private long[] missed = new long[0];
    /** The guard each miss was read with: what its fill is valid for (generation -1: none known, not cached). */
    private long[] missedGuard = new long[0];
    /** Runs between a fill's SELECT and its stores: where the race test puts a racing write. */
    Runnable beforeStore = () -> { };
    /** Keeps reads from being optimised away. */
    private long sink;

    HybridSession(HybridVoteBackend backend, MemcachedClient client, VoteBackend.VoteSession writes, Connection fills,
                  int maxBatch) {
        this.backend = backend;
        this.policy = backend.policy();
        this.cache = backend.cache();
        this.client = client;
        this.writes = writes;
        this.fills = fills;
        this.selects = new PaddedReads(fills, maxBatch, VoteSql::read);
    }

    @Override
    public void read(long[] ids, int n) throws Exception {
        if (backend.hasPendingInvalidations()) {
            backend.flushPendingInvalidations(client);
        }
        MemcachedVoteKeys keys = backend.keys();
        readKeys.clear();
        for (int i = 0; i < n; i++) {
            readKeys.add(keys.article(ids[i]));
        }
        for (int i = 0; i < n; i++) {
            policy.addGuardKeys(readKeys, ids[i]);
        }
        Map<String, Object> found = cache.await(client, client.asyncGetBulk(readKeys));
        if (missed.length < n) {
            missed = new long[n];
            missedGuard = new long[n];
        }
        int m = 0;
        for (int i = 0; i < n; i++) {
            Object row = found.get(readKeys.get(i));
            long guard = policy.guard(found, readKeys, n + i);
            if (policy.isHit(row, guard)) {
                sink += HybridCachePolicy.votesOf(row);
            } else {
                missedGuard[m] = guard;
                missed[m++] = ids[i];
            }
        }
        backend.countReads(n - m, m);
        if (m > 0) {
            fill(missed, m);
        }
    }

    /** One SELECT for the misses (sorted, distinct), then caches each row as the policy says. */
    private void fill(long[] ids, int m) throws Exception {
        pending.clear();
        try (ResultSet rs = selects.bind(ids, 0, m).executeQuery()) {
            beforeStore.run();
            while (rs.next()) {
                long id = rs.getLong(1);
                long votes = rs.getLong(3);
                sink += votes;
                OperationFuture<Boolean> store = policy.store(client, id, rs.getString(2), votes, guardOf(ids, m, id));
                if (store != null) {
                    pending.add(store);
                }
            }
        }
        for (OperationFuture<Boolean> store : pending) {
            cache.await(client, store);
        }
    }

    /** The guard miss {@code id} was read with. */
    private long guardOf(long[] ids, int m, long id) {
        int i = Arrays.binarySearch(ids, 0, m, id); // the misses keep the read's order: sorted
        return i >= 0 ? missedGuard[i] : HybridCachePolicy.NOT_READ;
    }

    @Override
    public void write(long[] ids, int n) throws Exception {
        if (backend.hasPendingInvalidations()) {
            backend.flushPendingInvalidations(client);
        }
        try {
            writes.write(ids, n); // committed from here on: the vote counts whatever memcached does
        } catch (Exception e) {
            for (int i = 0; i < n; i++) { // the commit may have been applied (in doubt): invalidate all the same
                backend.invalidateLater(ids[i]);
            }
            throw e;
        }
        invalidations.clear();
        try {
            for (int i = 0; i < n; i++) {
                invalidations.add(policy.invalidate(client, ids[i]));
            }
        } catch (RuntimeException e) {
            // spymemcached refused to queue it (shutting down or queue full): retried later
        }
        for (int i = 0; i < n; i++) {
            try {
                if (i < invalidations.size()) {
                    cache.await(client, invalidations.get(i));
                } else {
                    backend.invalidateLater(ids[i]);
                }
            } catch (Exception e) {
                backend.invalidateLater(ids[i]);
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
