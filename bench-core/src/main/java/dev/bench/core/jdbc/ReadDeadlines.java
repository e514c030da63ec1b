package dev.bench.core.jdbc;

import dev.bench.core.DeadlineWatch;

import java.util.concurrent.TimeUnit;

/**
 * Keeps the long read timeouts of {@link ChannelSocketImpl}s: once a second it closes the sockets whose read
 * has waited past its timeout. One daemon thread for the JVM, started with the first socket.
 */
final class ReadDeadlines {

    private static final DeadlineWatch<ChannelSocketImpl> WATCH =
            new DeadlineWatch<>("bench-read-deadlines", TimeUnit.SECONDS.toNanos(1));

    private ReadDeadlines() {
    }

    static void watch(ChannelSocketImpl socket) {
        WATCH.watch(socket);
    }

    static void forget(ChannelSocketImpl socket) {
        WATCH.forget(socket);
    }

    /** How many open sockets are connected to this port (tests). */
    static long watchedTo(int port) {
        return WATCH.watched().filter(s -> s.remotePort() == port).count();
    }
}
