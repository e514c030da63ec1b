package dev.bench.core.memcached;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * The op timeout of the {@link MemcachedSocket}s: four times a second it closes the sockets whose call has waited past
 * {@link MemcachedTarget#OP_TIMEOUT_MS} (so a call times out within 2 to 2.25 s, as spymemcached's do within 2 s).
 * One daemon thread for the JVM, started with the first socket; a blocking read with no timeout of its own costs
 * nothing per op.
 */
final class MemcachedDeadlines {

    private static final long TICK_NANOS = TimeUnit.MILLISECONDS.toNanos(250);
    private static final long TIMEOUT_NANOS = TimeUnit.MILLISECONDS.toNanos(MemcachedTarget.OP_TIMEOUT_MS);
    private static final Set<MemcachedSocket> WATCHED = ConcurrentHashMap.newKeySet();
    private static Thread ticker;

    private MemcachedDeadlines() {
    }

    static void watch(MemcachedSocket socket) {
        WATCHED.add(socket);
        startTicker();
    }

    static void forget(MemcachedSocket socket) {
        WATCHED.remove(socket);
    }

    private static synchronized void startTicker() {
        if (ticker == null) {
            ticker = new Thread(MemcachedDeadlines::tick, "bench-memcached-deadlines");
            ticker.setDaemon(true);
            ticker.start();
        }
    }

    private static void tick() {
        while (true) {
            LockSupport.parkNanos(TICK_NANOS);
            long now = System.nanoTime();
            for (MemcachedSocket socket : WATCHED) {
                socket.closeIfOverdue(now, TIMEOUT_NANOS);
            }
        }
    }
}
