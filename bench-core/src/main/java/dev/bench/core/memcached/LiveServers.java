package dev.bench.core.memcached;

import dev.bench.core.BenchException;
import net.spy.memcached.MemcachedClient;

import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * A pool's live servers, for the after-run checks of a run that lost some: which servers answer now, and what
 * those that do hold of a run's keys.
 */
public final class LiveServers {

    private LiveServers() {
    }

    /**
     * What the live servers of a pool hold of {@code keys}: each server asked for its own keys in one multi-get. The
     * keys of the servers in {@code down} are not asked for but counted into {@code skipped}, by server.
     */
    public static Map<String, Object> get(MemcachedTarget target, MemcachedClient client, List<String> keys, Set<String> down,
                                          Map<String, Long> skipped) throws Exception {
        Map<String, List<String>> byServer = new HashMap<>();
        for (String key : keys) {
            String server = target.serverOf(key);
            if (down.contains(server)) {
                skipped.merge(server, 1L, Long::sum);
            } else {
                byServer.computeIfAbsent(server, s -> new ArrayList<>()).add(key);
            }
        }
        Map<String, Object> found = new HashMap<>();
        for (List<String> own : byServer.values()) {
            found.putAll(target.await(client, client.asyncGetBulk(own)));
        }
        return found;
    }

    /**
     * The servers that do not answer {@code version} now, as host:port, each asked over a socket of its own: for a
     * client that served no op, as spymemcached learns of a dead server only from an op sent to it.
     */
    public static List<String> unreachable(MemcachedTarget target) {
        List<String> down = new ArrayList<>();
        for (InetSocketAddress server : target.servers()) {
            try {
                MemcachedProbe.version(server);
            } catch (BenchException e) {
                down.add(MemcachedAddresses.format(server));
            }
        }
        return down;
    }

    /**
     * The servers down now, as host:port, for a check whose spymemcached {@code client} sat idle through the run: it
     * learns that a connection died (a server killed, or restarted) only from an op on it. So each server is asked its
     * version over a socket of its own ({@link #unreachable}), then the client is given up to 5 s to reconnect to those
     * that answer; down are those that did not answer and those the client still can't reach after that wait (asked
     * after it: a restarted server the client had lost before the wait is back in it).
     */
    public static Set<String> downNow(MemcachedTarget target, MemcachedClient client) {
        Set<String> down = new HashSet<>(unreachable(target));
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        while (client.getVersions().size() < target.serverCount() - down.size() && System.nanoTime() - deadline < 0) {
            LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(100));
        }
        down.addAll(target.downServers(client));
        return Set.copyOf(down);
    }
}
