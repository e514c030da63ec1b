package dev.bench.core.jdbc;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * Keeps the long read timeouts of {@link ChannelSocketImpl}s: once a second it closes the sockets whose read
 * has waited past its timeout. One daemon thread for the JVM, started with the first socket.
 */
final class ReadDeadlines {

    private static final long TICK_NANOS = TimeUnit.SECONDS.toNanos(1);
    private static final Set<ChannelSocketImpl> WATCHED = ConcurrentHashMap.newKeySet();
    private static Thread ticker;

    private ReadDeadlines() {
    }

    static void watch(ChannelSocketImpl socket) {
        WATCHED.add(socket);
        startTicker();
    }

    static void forget(ChannelSocketImpl socket) {
        WATCHED.remove(socket);
    }

    /** How many open sockets are connected to this port (tests). */
    static long watchedTo(int port) {
        return WATCHED.stream().filter(s -> s.remotePort() == port).count();
    }

    private static synchronized void startTicker() {
        if (ticker == null) {
            ticker = new Thread(ReadDeadlines::tick, "bench-read-deadlines");
            ticker.setDaemon(true);
            ticker.start();
        }
    }

    private static void tick() {
        while (true) {
            LockSupport.parkNanos(TICK_NANOS);
            long now = System.nanoTime();
            for (ChannelSocketImpl socket : WATCHED) {
                socket.closeIfOverdue(now);
            }
        }
    }
}
