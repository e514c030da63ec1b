package dev.bench.core.memcached;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.IntFunction;

/**
 * One worker's memcached client with no I/O thread: a blocking {@link MemcachedSocket} per server of the pool, each key
 * on the server the target's ring names ({@link MemcachedTarget#serverIndex}, the ring of spymemcached's clients), so
 * this client, spymemcached and YCSB's binding read each other's items.
 *
 * <p>Failures, as the spymemcached path's: a server that fails or does not answer within the op timeout has its
 * socket closed, and the op throws a {@link MemcachedUnavailableException} (a lost connection: the engine opens a new
 * client, which connects again) or, in a pool whose other servers serve, a {@link MemcachedMemberDownException} (the op
 * fails alone). A pool member that failed is dialled again after a second ({@link PoolSockets}).
 *
 * <p>Threading: one worker at a time; {@link #close} from any thread (it cuts off a call in progress).
 */
public final class BlockingMemcached implements AutoCloseable {

    /** Stores sent before their replies are read: replies stay far below what the socket buffers hold. */
    private static final int PIPELINE = 100;
    private static final int MAX_KEY_BYTES = 250;
    private static final byte[] ADD = "add ".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] REPLACE = "replace ".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] SET = "set ".getBytes(StandardCharsets.US_ASCII);

    private final MemcachedTarget target;
    private final PoolSockets sockets;
    /** Per server, its failure in the multi-key call in progress, else null ({@link #exchange}). */
    private final MemcachedUnavailableException[] failed;
    /** The multi-key call in progress: per key its bytes and server, per server whether it has keys (reused). */
    private byte[][] keyBytes = new byte[16][];
    private int[] serverOf = new int[16];
    private final boolean[] holds;
    private final List<byte[]> serverKeys = new ArrayList<>();

    private BlockingMemcached(MemcachedTarget target) {
        this.target = target;
        this.sockets = new PoolSockets(target);
        this.failed = new MemcachedUnavailableException[sockets.count()];
        this.holds = new boolean[sockets.count()];
    }

    /** Connects to every server of the pool; throws naming the servers when none answers (a pool serves on with some). */
    public static BlockingMemcached open(MemcachedTarget target) throws MemcachedUnavailableException {
        BlockingMemcached client = new BlockingMemcached(target);
        client.sockets.connectAll();
        return client;
    }

    /** @return the item's value, or null when memcached holds none */
    public String get(String key) throws IOException {
        int s = target.serverIndex(key);
        try {
            return sockets.socket(s).get(key(key));
        } catch (MemcachedUnavailableException e) {
            throw sockets.lost(s, e);
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
        int s = target.serverIndex(key);
        try {
            MemcachedSocket socket = sockets.socket(s);
            socket.queueStore(command, key(key), value.getBytes(StandardCharsets.UTF_8));
            socket.flush();
            boolean stored = socket.stored();
            socket.done();
            return stored;
        } catch (MemcachedUnavailableException e) {
            throw sockets.lost(s, e);
        }
    }

    /**
     * Adds {@code count} items, {@value #PIPELINE} at a time sent to their servers before the replies are read.
     *
     * @param added per item, set to whether it was added (false: the key was there)
     */
    public void addAll(String[] keys, String[] values, int count, boolean[] added) throws IOException {
        for (int from = 0; from < count; from += PIPELINE) {
            int base = from;
            int n = route(Math.min(PIPELINE, count - from), i -> keys[base + i]);
            exchange((socket, s) -> {
                for (int i = 0; i < n; i++) {
                    if (serverOf[i] == s) {
                        socket.queueStore(ADD, keyBytes[i], values[base + i].getBytes(StandardCharsets.UTF_8));
                    }
                }
            }, (socket, s) -> {
                for (int i = 0; i < n; i++) {
                    if (serverOf[i] == s) {
                        added[base + i] = socket.stored();
                    }
                }
            });
            throwFailure();
        }
    }

    /**
     * One multi-get: each server holding some of the keys is sent one {@code get} of its own, all before any reply is
     * read. A server that fails fails the call (a pool member's failure as {@link MemcachedMemberDownException}).
     *
     * @return how many of the keys memcached holds (the values are read and dropped)
     */
    public int countFound(List<String> keys) throws IOException {
        int n = route(keys.size(), keys::get);
        int[] found = {0};
        exchange((socket, s) -> {
            serverKeys.clear();
            for (int i = 0; i < n; i++) {
                if (serverOf[i] == s) {
                    serverKeys.add(keyBytes[i]);
                }
            }
            socket.queueGet(serverKeys);
        }, (socket, s) -> found[0] += socket.found());
        throwFailure();
        return found[0];
    }

    /** The first server's failure in the multi-key call just made, if one failed. */
    private void throwFailure() throws MemcachedUnavailableException {
        for (MemcachedUnavailableException e : failed) {
            if (e != null) {
                throw e;
            }
        }
    }

    /**
     * Adds {@code by[i]} to each counter, all of a server's increments sent before their replies are read. A counter
     * memcached doesn't hold starts at {@code by[i]}, as spymemcached's incr with a default starts it (incr, else add,
     * else, when another client added it meanwhile, incr again). A server that fails fails its own keys alone.
     *
     * @param landed per key, set to whether its increment is known to have landed (false: it may have or not)
     * @return null, or the first failure of a server (a pool member's as {@link MemcachedMemberDownException})
     */
    public MemcachedUnavailableException incrOrStart(String[] keys, long[] by, int count, boolean[] landed)
            throws IOException {
        int n = route(count, i -> keys[i]);
        long[] after = new long[n];
        exchange((socket, s) -> {
            for (int i = 0; i < n; i++) {
                if (serverOf[i] == s) {
                    socket.queueIncr(keyBytes[i], by[i]);
                }
            }
        }, (socket, s) -> {
            for (int i = 0; i < n; i++) {
                if (serverOf[i] == s) {
                    after[i] = socket.incremented();
                }
            }
        });
        MemcachedUnavailableException first = null;
        for (int i = 0; i < n; i++) {
            MemcachedUnavailableException e = failed[serverOf[i]];
            if (e == null && after[i] < 0) {
                e = start(keys[i], by[i]); // rare: the counter's first votes, or it was evicted
            }
            landed[i] = e == null;
            first = first != null ? first : e;
        }
        return first;
    }

    /** A counter found missing: add it at {@code by}, or increment the one another client added meanwhile. */
    private MemcachedUnavailableException start(String key, long by) throws IOException {
        try {
            if (add(key, Long.toString(by))) {
                return null;
            }
        } catch (MemcachedUnavailableException e) {
            return e; // add made it the pool's failure
        }
        int s = target.serverIndex(key);
        try {
            MemcachedSocket socket = sockets.socket(s);
            socket.queueIncr(key(key), by);
            socket.flush();
            long after = socket.incremented();
            socket.done();
            return after >= 0 ? null : new MemcachedUnavailableException("memcached at " + socket.where()
                    + " dropped counter " + key + " between an add that found it and an incr");
        } catch (MemcachedUnavailableException e) {
            return sockets.lost(s, e);
        }
    }

    /** Fills {@link #keyBytes}, {@link #serverOf} and {@link #holds} for a call's {@code n} keys; @return n */
    private int route(int n, IntFunction<String> key) {
        if (keyBytes.length < n) {
            keyBytes = new byte[n][];
            serverOf = new int[n];
        }
        Arrays.fill(holds, false);
        for (int i = 0; i < n; i++) {
            String k = key.apply(i);
            keyBytes[i] = key(k);
            serverOf[i] = target.serverIndex(k);
            holds[serverOf[i]] = true;
        }
        return n;
    }

    /** What a multi-key call sends to one server, or reads from it. */
    private interface ServerStep {
        void run(MemcachedSocket socket, int server) throws IOException;
    }

    /**
     * Sends each server holding some of the routed keys its commands, every server's before any reply is read, then
     * reads the replies. A server that fails (or is known down) has its failure in {@link #failed}; the others' replies
     * are read all the same. Any other failure closes the sockets whose replies it left unread.
     */
    private void exchange(ServerStep send, ServerStep read) throws IOException {
        MemcachedSocket[] awaiting = new MemcachedSocket[failed.length];
        try {
            for (int s = 0; s < failed.length; s++) {
                failed[s] = null;
                try {
                    if (holds[s]) {
                        MemcachedSocket socket = sockets.socket(s);
                        send.run(socket, s);
                        awaiting[s] = socket;
                        socket.flush();
                    }
                } catch (MemcachedUnavailableException e) {
                    failed[s] = e;
                    awaiting[s] = null;
                }
            }
            for (int s = 0; s < failed.length; s++) {
                try {
                    if (awaiting[s] != null) {
                        read.run(awaiting[s], s);
                        awaiting[s].done();
                    }
                } catch (MemcachedUnavailableException e) {
                    failed[s] = e;
                }
                awaiting[s] = null;
            }
        } finally {
            for (MemcachedSocket unread : awaiting) {
                if (unread != null) {
                    unread.close();
                }
            }
        }
        for (int s = 0; s < failed.length; s++) {
            failed[s] = failed[s] != null ? sockets.lost(s, failed[s]) : null;
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

    /** Cuts off a call in progress on another thread; must not block. */
    @Override
    public void close() {
        sockets.close();
    }
}
