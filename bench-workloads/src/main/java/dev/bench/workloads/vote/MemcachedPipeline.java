package dev.bench.workloads.vote;

import dev.bench.core.memcached.LiveServers;
import dev.bench.core.memcached.MemcachedTarget;
import dev.bench.core.memcached.MemcachedUnavailableException;
import net.spy.memcached.MemcachedClient;
import net.spy.memcached.internal.OperationFuture;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.LongFunction;

/**
 * Bulk memcached traffic outside the measured run (priming, the after-run check): many requests in
 * flight on one connection instead of one round trip per key, with a bounded window so spymemcached's
 * operation queue never fills.
 */
final class MemcachedPipeline {

    private static final int WINDOW = 4096;
    private static final int GET_CHUNK = 1000;

    private MemcachedPipeline() {
    }

    /** Sets {@code key(id)} to {@code value(id)} for ids first..last, pipelined. */
    static void setAll(MemcachedTarget target, MemcachedClient client, long first, long last,
                       LongFunction<String> key, LongFunction<Object> value) throws Exception {
        ArrayDeque<OperationFuture<Boolean>> inFlight = new ArrayDeque<>();
        for (long id = first; id <= last; id++) {
            inFlight.add(client.set(key.apply(id), 0, value.apply(id)));
            if (inFlight.size() >= WINDOW) {
                awaitStored(target, client, inFlight.poll());
            }
        }
        while (!inFlight.isEmpty()) {
            awaitStored(target, client, inFlight.poll());
        }
    }

    private static void awaitStored(MemcachedTarget target, MemcachedClient client, OperationFuture<Boolean> set)
            throws Exception {
        if (!Boolean.TRUE.equals(target.await(client, set))) {
            throw new MemcachedUnavailableException("memcached at " + target.addresses() + " refused to store "
                    + set.getKey() + ": " + set.getStatus().getMessage());
        }
    }

    /**
     * Visits ids first..last in chunks of one multi-get each.
     *
     * @param visitor gets the ids of the chunk and what memcached holds for their keys (misses absent)
     */
    static void getAll(MemcachedTarget target, MemcachedClient client, long first, long last,
                       LongFunction<String> key, ChunkVisitor visitor) throws Exception {
        inChunks(first, last, key, visitor, keys -> target.await(client, client.asyncGetBulk(keys)));
    }

    /**
     * As {@link #getAll}, asking each server for its own keys and skipping the servers that are down (their
     * keys absent from what the visitor gets), as long as one server answers: what a pool that lost a
     * member still holds. The servers down are {@link LiveServers#downNow}'s.
     */
    static void getAllReachable(MemcachedTarget target, MemcachedClient client, long first, long last,
                                LongFunction<String> key, ChunkVisitor visitor) throws Exception {
        Set<String> down = LiveServers.downNow(target, client); // the check's client sat idle through the run
        if (down.size() >= target.serverCount()) {
            getAll(target, client, first, last, key, visitor); // none answers: fails, naming them
            return;
        }
        Map<String, Long> skipped = new HashMap<>(); // not needed: the check counts the keys missing by server itself
        inChunks(first, last, key, visitor, keys -> LiveServers.get(target, client, keys, down, skipped));
    }

    private static void inChunks(long first, long last, LongFunction<String> key, ChunkVisitor visitor, MultiGet get)
            throws Exception {
        List<String> keys = new ArrayList<>(GET_CHUNK);
        for (long from = first; from <= last; from += GET_CHUNK) {
            long to = Math.min(last, from + GET_CHUNK - 1);
            keys.clear();
            for (long id = from; id <= to; id++) {
                keys.add(key.apply(id));
            }
            visitor.visit(from, to, get.of(keys));
        }
    }

    /** One chunk's multi-get: what memcached holds for the keys. */
    private interface MultiGet {
        Map<String, Object> of(List<String> keys) throws Exception;
    }

    interface ChunkVisitor {
        void visit(long from, long to, Map<String, Object> found) throws Exception;
    }
}
