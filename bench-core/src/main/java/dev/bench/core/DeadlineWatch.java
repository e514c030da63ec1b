package dev.bench.core;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.locks.LockSupport;
import java.util.stream.Stream;

/**
 * Timeouts that cost nothing per call, for sockets kept in blocking mode (a timed read costs a failed read and a poll
 * per reply): a daemon thread wakes every tick and hands each watched socket the time, and a socket whose call has
 * waited past its timeout closes itself, which fails the blocked call. The thread starts with the first socket.
 *
 * @param <T> the sockets watched
 */
public final class DeadlineWatch<T extends DeadlineWatch.Watched> {

    /** A socket with a deadline. */
    public interface Watched {
        /** Closes the socket when its call in progress has waited past its timeout; called from the watch's thread. */
        void closeIfOverdue(long nowNanos);
    }

    private final String name;
    private final long tickNanos;
    private final Set<T> watched = ConcurrentHashMap.newKeySet();
    private Thread ticker;

    /** @param name the thread's */
    public DeadlineWatch(String name, long tickNanos) {
        this.name = name;
        this.tickNanos = tickNanos;
    }

    public void watch(T socket) {
        watched.add(socket);
        startTicker();
    }

    public void forget(T socket) {
        watched.remove(socket);
    }

    /** The sockets watched now (tests). */
    public Stream<T> watched() {
        return watched.stream();
    }

    private synchronized void startTicker() {
        if (ticker == null) {
            ticker = new Thread(this::tick, name);
            ticker.setDaemon(true);
            ticker.start();
        }
    }

    private void tick() {
        while (true) {
            LockSupport.parkNanos(tickNanos);
            long now = System.nanoTime();
            for (T socket : watched) {
                socket.closeIfOverdue(now);
            }
        }
    }
}
