package dev.bench.core.memcached;

import java.io.IOException;
import java.util.concurrent.TimeUnit;

/**
 * One worker's blocking sockets to the servers of a memcached pool, one per server, dialled when first needed and
 * again after a failure. A server that failed is dialled again after a second (spymemcached's reconnect delay); its
 * calls fail at once meanwhile.
 *
 * <p>Threading: one worker at a time; {@link #close} from any thread (it cuts off a call in progress).
 */
final class PoolSockets implements AutoCloseable {

    private static final long REDIAL_NANOS = TimeUnit.SECONDS.toNanos(1);

    private final MemcachedTarget target;
    private final MemcachedSocket[] sockets;
    /** Per server, when it may be dialled again ({@link System#nanoTime}); 0 when it may now. */
    private final long[] redialAt;
    private volatile boolean closed;

    PoolSockets(MemcachedTarget target) {
        this.target = target;
        this.sockets = new MemcachedSocket[target.serverCount()];
        this.redialAt = new long[sockets.length];
    }

    /**
     * Connects to every server of the pool.
     *
     * @throws MemcachedUnavailableException naming the servers when none answers (a pool serves on with some)
     */
    void connectAll() throws MemcachedUnavailableException {
        MemcachedUnavailableException last = null;
        int connected = 0;
        for (int s = 0; s < sockets.length; s++) {
            try {
                socket(s);
                connected++;
            } catch (MemcachedUnavailableException e) {
                last = e;
            }
        }
        if (connected == 0) {
            throw last;
        }
    }

    int count() {
        return sockets.length;
    }

    /** Server {@code s}'s open socket, dialled when it has none (and may be dialled again). */
    MemcachedSocket socket(int s) throws MemcachedUnavailableException {
        MemcachedSocket socket = sockets[s];
        if (socket != null && socket.isOpen()) {
            return socket;
        }
        String where = MemcachedAddresses.format(target.servers().get(s));
        if (closed) {
            throw new MemcachedUnavailableException("memcached client for " + where + " was closed");
        }
        if (redialAt[s] != 0 && System.nanoTime() - redialAt[s] < 0) {
            throw new MemcachedUnavailableException("memcached at " + where + " is down (failed less than a second ago)");
        }
        try {
            sockets[s] = MemcachedSocket.connect(target.servers().get(s), MemcachedProbe.PROBE_TIMEOUT_MS);
            redialAt[s] = 0;
            return sockets[s];
        } catch (IOException e) {
            redialAt[s] = System.nanoTime() + REDIAL_NANOS;
            String why = e.getMessage() != null ? e.getMessage() : e.getClass().getSimpleName();
            throw new MemcachedUnavailableException("cannot connect to memcached at " + where + ": " + why, e);
        }
    }

    /** Server {@code s} failed: a member of a pool whose others serve fails the op alone, else the connection is lost. */
    MemcachedUnavailableException lost(int s, MemcachedUnavailableException e) {
        if (sockets[s] != null) {
            sockets[s].close();
        }
        if (redialAt[s] == 0) {
            redialAt[s] = System.nanoTime() + REDIAL_NANOS;
        }
        int serving = 0;
        for (int o = 0; o < sockets.length; o++) {
            serving += o != s && sockets[o] != null && sockets[o].isOpen() ? 1 : 0;
        }
        return serving > 0 ? new MemcachedMemberDownException(e.getMessage() + " (the pool's " + serving
                + " other servers serve)", e) : e;
    }

    /** Cuts off a call in progress on another thread; must not block. */
    @Override
    public void close() {
        closed = true;
        for (MemcachedSocket socket : sockets) {
            if (socket != null) {
                socket.close();
            }
        }
    }
}
