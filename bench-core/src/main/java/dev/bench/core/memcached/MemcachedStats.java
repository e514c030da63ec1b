package dev.bench.core.memcached;

import net.spy.memcached.MemcachedClient;

import java.net.SocketAddress;
import java.util.Map;

/**
 * What memcached's {@code stats} says about its memory, summed over the pool's servers: items evicted
 * so far and the memory limit. A check that finds keys missing reads it before and after, since a cache
 * evicting under its limit is doing its documented job, not losing acknowledged writes. Evictions are
 * the server's, for every client's items: a shared memcached counts other users' evictions too.
 *
 * @param evictions  items evicted (since the servers started, or between two readings: {@link #since})
 * @param limitBytes {@code limit_maxbytes}, summed
 * @param servers    servers that answered
 */
public record MemcachedStats(long evictions, long limitBytes, int servers) {

    /** Asks every server of {@code client}'s pool; a server that does not answer adds nothing. */
    public static MemcachedStats read(MemcachedClient client) {
        Map<SocketAddress, Map<String, String>> stats = client.getStats();
        long evictions = 0;
        long limit = 0;
        for (Map<String, String> server : stats.values()) {
            evictions += number(server.get("evictions"));
            limit += number(server.get("limit_maxbytes"));
        }
        return new MemcachedStats(evictions, limit, stats.size());
    }

    /** The evictions since {@code before}, with this reading's limit. */
    public MemcachedStats since(MemcachedStats before) {
        return new MemcachedStats(Math.max(0, evictions - before.evictions), limitBytes, servers);
    }

    /** The limit for people: "64 MB". */
    public String limit() {
        return limitBytes / (1024 * 1024) + " MB";
    }

    private static long number(String value) {
        try {
            return value == null ? 0 : Long.parseLong(value.trim());
        } catch (NumberFormatException e) {
            return 0;
        }
    }
}
