package dev.bench.workloads.ycsb;

import dev.bench.core.ErrorKind;
import dev.bench.core.memcached.BlockingMemcached;
import dev.bench.core.memcached.LiveServers;
import dev.bench.core.memcached.MemcachedErrors;
import dev.bench.core.memcached.MemcachedStats;
import dev.bench.core.memcached.MemcachedTarget;
import net.spy.memcached.MemcachedClient;
import net.spy.memcached.internal.OperationFuture;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;

/**
 * YCSB's {@code memcached} binding: a record is one item, key {@code <table>-<key>}, value a JSON
 * object of its fields. Insert is memcached's {@code add} (an existing key fails the op), update its
 * {@code replace} with the fields written (so, as in YCSB, the others are gone), read a {@code get}.
 * memcached has no scans: a workload with scanproportion > 0 is refused before it starts. In a pool each op
 * counts against its key's server; a member that died stays out (its ops fail on their own, the others go on), and
 * the check counts the records that lived on it ({@link #keysOnDownServers}).
 *
 * <p>Clients ({@value #CLIENT}): {@code blocking} (the default) gives each worker its own blocking connections
 * ({@link BlockingMemcached}: no I/O thread to hand each op to and back); {@code spymemcached} spreads the workers over
 * spymemcached clients. Both store the same items (flags 0, the JSON's UTF-8) on the same servers; the check and the
 * eviction counts go through spymemcached either way.
 *
 * <p>Threading: {@link #open} and {@link #classify} from any worker; a client serves several workers.
 */
public final class MemcachedStore implements YcsbStore {

    private static final int BULK = 1000;
    /** The property choosing the client. */
    public static final String CLIENT = "memcached.client";
    public static final List<String> CLIENTS = List.of("blocking", "spymemcached");

    private final MemcachedTarget target;
    private final CoreConfig config;
    private final boolean blocking;
    /** Before the phase: memcached's evictions so far, for the check. */
    private MemcachedStats statsBefore;
    private final Map<String, Long> keysOnDownServers = new TreeMap<>();
    private Set<String> unreachable;
    private long unreachableAt;

    /** @param blocking whether workers get {@link BlockingMemcached} clients rather than the target's spymemcached ones */
    public MemcachedStore(MemcachedTarget target, CoreConfig config, boolean blocking) {
        this.target = target;
        this.config = config;
        this.blocking = blocking;
    }

    @Override
    public void prepare(boolean load) {
        // nothing to create: items are written as they come
    }

    @Override
    public Connection open(int worker) throws Exception {
        if (blocking) {
            return new BlockingItems(BlockingMemcached.open(target)); // connects to every server it can
        }
        MemcachedClient client = target.client(worker);
        // a pool that lost a member serves on: ops needing the dead one fail on their own (FAILED)
        target.awaitServing(client, MemcachedTarget.OP_TIMEOUT_MS);
        return new Items(client);
    }

    /** A pool member down fails the op alone; a lost server reconnects; anything else (add refused) fails the op. */
    @Override
    public ErrorKind classify(Exception failure) {
        ErrorKind kind = MemcachedErrors.classify(failure);
        return kind == ErrorKind.FATAL ? ErrorKind.FAILED : kind;
    }

    /**
     * How many of {@code keys} the live servers hold, each asked for its own keys; the keys of a pool member that is
     * down are not asked for but counted by server ({@link #keysOnDownServers}). With every server down this fails.
     */
    @Override
    public long count(List<String> keys) throws Exception {
        MemcachedClient client = target.client(0);
        // with blocking workers the check's client served no op of the run: it may not know who is down
        Set<String> down = new HashSet<>(blocking ? unreachable() : target.downServers(client));
        if (down.size() >= target.serverCount()) {
            down.clear(); // none answers: asking fails, naming them
        }
        keysOnDownServers.clear();
        long present = 0;
        List<String> chunk = new ArrayList<>(BULK);
        for (int i = 0; i < keys.size(); i++) {
            chunk.add(item(keys.get(i)));
            if (chunk.size() == BULK || i == keys.size() - 1) {
                present += LiveServers.get(target, client, chunk, down, keysOnDownServers).size();
                chunk.clear();
            }
        }
        return present;
    }

    /** {@link LiveServers#downNow}, asked again after a second at most (the check may count key by key). */
    private Set<String> unreachable() {
        if (unreachable == null || System.nanoTime() - unreachableAt > TimeUnit.SECONDS.toNanos(1)) {
            unreachable = LiveServers.downNow(target, target.client(0));
            unreachableAt = System.nanoTime();
        }
        return unreachable;
    }

    /** Of the keys the last {@link #count} was given, those on pool members that were down, by server. */
    @Override
    public Map<String, Long> keysOnDownServers() {
        return Map.copyOf(keysOnDownServers);
    }

    @Override
    public void beforePhase() {
        statsBefore = stats();
    }

    @Override
    public MemcachedStats evictedSincePhase() {
        MemcachedStats after = stats();
        return statsBefore == null || after == null ? null : after.since(statsBefore);
    }

    /** null when no server answered: the check then says what it found, without evictions. */
    private MemcachedStats stats() {
        MemcachedStats stats = MemcachedStats.read(target.client(0));
        return stats.servers() == 0 ? null : stats;
    }

    @Override
    public long present(List<String> keys) throws Exception {
        return count(keys);
    }

    @Override
    public boolean countsKeys() {
        return true;
    }

    @Override
    public String describe() {
        return target.describe();
    }

    @Override
    public int maxRowsPerInsert(int fields) {
        return BULK;
    }

    private String item(String key) {
        return MemcachedRecords.item(config, key);
    }

    @Override
    public void close() {
        target.close();
    }

    /** A worker's own blocking connections: the worker's thread does the I/O. */
    private final class BlockingItems extends MemcachedRecords {

        private final BlockingMemcached client;

        BlockingItems(BlockingMemcached client) {
            super(target, config);
            this.client = client;
        }

        @Override
        public boolean read(String key, int field, String[] values) throws Exception {
            return fields(client.get(item(key)), field, values);
        }

        @Override
        public boolean update(String key, String[] values) throws Exception {
            return client.replace(item(key), json(values));
        }

        @Override
        public void insert(String[] keys, String[][] values, int rows) throws Exception {
            String[] items = new String[rows];
            String[] records = new String[rows];
            for (int r = 0; r < rows; r++) {
                items[r] = item(keys[r]);
                records[r] = json(values[r]);
            }
            boolean[] added = new boolean[rows];
            client.addAll(items, records, rows, added);
            for (int r = 0; r < rows; r++) {
                if (!added[r]) {
                    throw new IllegalStateException("memcached did not add " + items[r] + ": the key is there already");
                }
            }
        }

        @Override
        public void abort() {
            client.close();
        }

        @Override
        public void close() {
            client.close();
        }
    }

    /** A worker's share of a spymemcached client: its I/O thread does the I/O. */
    private final class Items extends MemcachedRecords {

        private final MemcachedClient client;

        Items(MemcachedClient client) {
            super(target, config);
            this.client = client;
        }

        @Override
        public boolean read(String key, int field, String[] values) throws Exception {
            return fields(target.await(client, client.asyncGet(item(key))), field, values);
        }

        @Override
        public boolean update(String key, String[] values) throws Exception {
            return target.await(client, client.replace(item(key), 0, json(values)));
        }

        @Override
        public void insert(String[] keys, String[][] values, int rows) throws Exception {
            List<OperationFuture<Boolean>> adds = new ArrayList<>(rows);
            try {
                for (int r = 0; r < rows; r++) {
                    adds.add(client.add(item(keys[r]), 0, json(values[r])));
                }
            } catch (RuntimeException e) {
                throw target.lost(client, e);
            }
            for (int r = 0; r < rows; r++) {
                if (!target.await(client, adds.get(r))) {
                    throw new IllegalStateException("memcached did not add " + item(keys[r]) + ": "
                            + adds.get(r).getStatus().getMessage());
                }
            }
        }

        @Override
        public void close() {
            // the client is shared: closed with the store
        }
    }

    /** For tests: the raw item of a key. */
    Map<String, Object> raw(List<String> keys) {
        return target.client(0).getBulk(keys.stream().map(this::item).toList());
    }
}
