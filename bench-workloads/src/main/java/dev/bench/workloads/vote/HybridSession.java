package dev.bench.workloads.vote;

import dev.bench.core.jdbc.JdbcTarget;
import dev.bench.core.memcached.MemcachedTarget;
import net.spy.memcached.MemcachedClient;
import net.spy.memcached.internal.OperationFuture;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * One hybrid worker: a memcached client (shared), the {@code mysql} backend's session for writes, and
 * a connection of its own for filling misses. Used by one thread at a time.
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
            if (hit != null) {
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

    /** One SELECT for the misses (sorted, distinct), then caches each row with add: never over a newer fill. */
    private void fill(long[] ids, int m) throws Exception {
        int padded = m == 1 ? 1 : Integer.highestOneBit(m - 1) * 2;
        PreparedStatement ps = selects[padded];
        if (ps == null) {
            ps = selects[padded] = fills.prepareStatement(VoteSql.read(padded));
        }
        for (int i = 0; i < padded; i++) {
            ps.setLong(i + 1, ids[Math.min(i, m - 1)]);
        }
        pending.clear();
        try (ResultSet rs = ps.executeQuery()) {
            while (rs.next()) {
                long votes = rs.getLong(3);
                sink += votes;
                pending.add(client.add(backend.keys().article(rs.getLong(1)), 0,
                        HybridVoteBackend.cached(rs.getString(2), votes)));
            }
        }
        for (OperationFuture<Boolean> add : pending) {
            MemcachedPipeline.await(cache, client, add);
        }
    }

    @Override
    public void write(long[] ids, int n) throws Exception {
        if (backend.hasPendingDeletes()) {
            backend.flushPendingDeletes(client);
        }
        writes.write(ids, n); // committed from here on: the vote counts whatever memcached does
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
