package dev.bench.core.memcached;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * One worker's memcached client with no I/O thread: a blocking {@link MemcachedSocket} per server of the pool, each key
 * on the server the target's ring names ({@link MemcachedTarget#serverIndex}, the ring of spymemcached's clients), so
 * this client, spymemcached and YCSB's binding read each other's items.
 *
 * <p>Failures, as the spymemcached path's: a server that fails or does not answer within the op timeout has its
 * socket closed, and the op throws a {@link MemcachedUnavailableException} (a lost connection: the engine opens a new
 * client, which connects again) or, in a pool whose other servers serve, a {@link MemcachedMemberDownException} (the op
 * fails alone). A pool member that failed is dialled again after a second (spymemcached's reconnect delay); its ops
 * fail at once meanwhile.
 *
 * <p>Threading: one worker at a time; {@link #close} from any thread (it cuts off a call in progress).
 */
public final class BlockingMemcached implements AutoCloseable {

    private static final long REDIAL_NANOS = TimeUnit.SECONDS.toNanos(1);
    /** Stores sent before their replies are read: replies stay far below what the socket buffers hold. */
    private static final int PIPELINE = 100;
    private static final int MAX_KEY_BYTES = 250;
    private static final byte[] ADD = "add ".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] REPLACE = "replace ".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] SET = "set ".getBytes(StandardCharsets.US_ASCII);

    private final MemcachedTarget target;
    private final MemcachedSocket[] sockets;
    /** Per server, when it may be dialled again ({@link System#nanoTime}); 0 when it may now. */
    private final long[] redialAt;
    private volatile boolean closed;

    private BlockingMemcached(MemcachedTarget target) {
        this.target = target;
        this.sockets = new MemcachedSocket[target.serverCount()];
        this.redialAt = new long[sockets.length];
    }

    /**
     * Connects to every server of the target's pool.
     *
     * @throws MemcachedUnavailableException naming the servers when none answers (a pool serves on with some)
     */
    public static BlockingMemcached open(MemcachedTarget target) throws MemcachedUnavailableException {
        BlockingMemcached client = new BlockingMemcached(target);
        MemcachedUnavailableException last = null;
        int connected = 0;
        for (int s = 0; s < client.sockets.length; s++) {
            try {
                client.socket(s);
                connected++;
            } catch (MemcachedUnavailableException e) {
                last = e;
            }
        }
        if (connected == 0) {
            throw last;
        }
        return client;
    }

    /** @return the item's value, or null when memcached holds none */
    public String get(String key) throws IOException {
        byte[] k = key(key);
        int s = target.serverIndex(key);
        try {
            return socket(s).get(k);
        } catch (MemcachedUnavailableException e) {
            throw lost(s, e);
        }
    }

    /** @return false when the key is there already */
    public boolean add(String key, String value) throws IOException {
        return store(ADD, key, value);
    }

    /** @return false when the key is not there */
    public boolean replace(String key, String value) throws IOException {
        return store(REPLACE, key, value);
    }

    public boolean set(String key, String value) throws IOException {
        return store(SET, key, value);
    }

    private boolean store(byte[] command, String key, String value) throws IOException {
        byte[] k = key(key);
        int s = target.serverIndex(key);
        try {
            MemcachedSocket socket = socket(s);
            socket.queueStore(command, k, value.getBytes(StandardCharsets.UTF_8));
            socket.flush();
            boolean stored = socket.stored();
            socket.done();
            return stored;
        } catch (MemcachedUnavailableException e) {
            throw lost(s, e);
        }
    }

    /**
     * Adds {@code count} items, each server's sent {@value #PIPELINE} at a time before their replies are read.
     *
     * @param added per item, set to whether it was added (false: the key was there)
     */
    public void addAll(String[] keys, String[] values, int count, boolean[] added) throws IOException {
        storeAll(ADD, keys, values, count, added);
    }

    private void storeAll(byte[] command, String[] keys, String[] values, int count, boolean[] stored) throws IOException {
        byte[][] k = new byte[count][];
        List<List<Integer>> byServer = new ArrayList<>(sockets.length);
        for (int s = 0; s < sockets.length; s++) {
            byServer.add(new ArrayList<>());
        }
        for (int i = 0; i < count; i++) {
            k[i] = key(keys[i]);
            byServer.get(target.serverIndex(keys[i])).add(i);
        }
        for (int s = 0; s < sockets.length; s++) {
            List<Integer> items = byServer.get(s);
            for (int from = 0; from < items.size(); from += PIPELINE) {
                List<Integer> chunk = items.subList(from, Math.min(items.size(), from + PIPELINE));
                try {
                    MemcachedSocket socket = socket(s);
                    for (int i : chunk) {
                        socket.queueStore(command, k[i], values[i].getBytes(StandardCharsets.UTF_8));
                    }
                    socket.flush();
                    for (int i : chunk) {
                        stored[i] = socket.stored();
                    }
                    socket.done();
                } catch (MemcachedUnavailableException e) {
                    throw lost(s, e);
                }
            }
        }
    }

    /** The key's bytes, refused as spymemcached refuses it: over 250 bytes, or with spaces or control characters. */
    private static byte[] key(String key) {
        byte[] bytes = key.getBytes(StandardCharsets.UTF_8);
        if (bytes.length > MAX_KEY_BYTES || bytes.length == 0) {
            throw new IllegalArgumentException("memcached key must be 1 to " + MAX_KEY_BYTES + " bytes: " + key);
        }
        for (byte b : bytes) {
            if (b >= 0 && b <= ' ' || b == 0x7f) {
                throw new IllegalArgumentException("memcached key contains a space or control character: " + key);
            }
        }
        return bytes;
    }

    /** Server {@code s}'s open socket, dialled when it has none (and may be dialled again). */
    private MemcachedSocket socket(int s) throws MemcachedUnavailableException {
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
    private MemcachedUnavailableException lost(int s, MemcachedUnavailableException e) {
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
