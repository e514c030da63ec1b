package dev.bench.workloads.tao;

import dev.bench.core.jdbc.JdbcTarget;
import dev.bench.core.random.SplitMix64;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Every edge key in the database, by the shard of its id1, read back once before the experiments
 * (keyset pagination per shard range, 500 keys a page, shards spread over the load threads).
 * Requests pick a shard from the config's {@code primary_shards}, then an edge uniformly in it.
 *
 * <p>Threading: filled by {@link #read} before any worker starts; read-only afterwards, from any thread.
 */
public final class EdgePool {

    static final int PAGE = 500;

    private final long[][] id1 = new long[TaoConfig.SHARDS][];
    private final long[][] id2 = new long[TaoConfig.SHARDS][];
    private final byte[][] type = new byte[TaoConfig.SHARDS][];
    private long size;

    /** Picks an edge: shard from the distribution (the next non-empty one if it has none), then uniform. */
    int pickShard(Weighted<Integer> shards, SplitMix64 random) {
        int shard = shards.pick(random);
        for (int i = 0; i < TaoConfig.SHARDS; i++) {
            int s = (shard + i) % TaoConfig.SHARDS;
            if (id1[s].length > 0) {
                return s;
            }
        }
        throw new IllegalStateException("no edges");
    }

    /** Loaded edges in the shard. */
    int shardSize(int shard) {
        return id1[shard].length;
    }

    int pickIndex(int shard, SplitMix64 random) {
        return random.nextInt(id1[shard].length);
    }

    long id1(int shard, int index) {
        return id1[shard][index];
    }

    long id2(int shard, int index) {
        return id2[shard][index];
    }

    int type(int shard, int index) {
        return type[shard][index];
    }

    public long size() {
        return size;
    }

    static EdgePool read(JdbcTarget target, TaoSql sql, int threads) throws SQLException, InterruptedException {
        EdgePool pool = new EdgePool();
        AtomicInteger nextShard = new AtomicInteger();
        AtomicReference<SQLException> failure = new AtomicReference<>();
        List<Thread> readers = new ArrayList<>();
        for (int t = 0; t < Math.min(threads, TaoConfig.SHARDS); t++) {
            Thread reader = new Thread(() -> {
                try (Connection c = target.connection()) {
                    TaoSchema.init(c, sql);
                    for (int s = nextShard.getAndIncrement(); s < TaoConfig.SHARDS && failure.get() == null;
                         s = nextShard.getAndIncrement()) {
                        pool.readShard(c, s);
                    }
                } catch (SQLException e) {
                    failure.compareAndSet(null, e);
                }
            }, "tao-keys-" + t);
            readers.add(reader);
            reader.start();
        }
        for (Thread r : readers) {
            r.join();
        }
        if (failure.get() != null) {
            throw failure.get();
        }
        for (long[] shard : pool.id1) {
            pool.size += shard.length;
        }
        return pool;
    }

    private void readShard(Connection c, int shard) throws SQLException {
        long hi = TaoKeys.first(shard + 1);
        long from = TaoKeys.first(shard);
        int skip = 0;
        LongList ones = new LongList();
        LongList twos = new LongList();
        ByteList types = new ByteList();
        try (PreparedStatement page = c.prepareStatement(TaoSql.EDGE_KEYS_PAGE)) {
            while (true) {
                page.setLong(1, from);
                page.setLong(2, hi);
                page.setInt(3, PAGE);
                page.setInt(4, skip);
                int rows = 0;
                try (ResultSet rs = page.executeQuery()) {
                    while (rs.next()) {
                        long a = rs.getLong(1);
                        skip = a == from ? skip + 1 : 1;
                        from = a;
                        ones.add(a);
                        twos.add(rs.getLong(2));
                        types.add((byte) rs.getLong(3));
                        rows++;
                    }
                }
                if (rows < PAGE) {
                    break;
                }
            }
        }
        id1[shard] = ones.toArray();
        id2[shard] = twos.toArray();
        type[shard] = types.toArray();
    }

    private static final class LongList {
        long[] values = new long[1024];
        int size;

        void add(long v) {
            if (size == values.length) {
                values = Arrays.copyOf(values, size * 2);
            }
            values[size++] = v;
        }

        long[] toArray() {
            return Arrays.copyOf(values, size);
        }
    }

    private static final class ByteList {
        byte[] values = new byte[1024];
        int size;

        void add(byte v) {
            if (size == values.length) {
                values = Arrays.copyOf(values, size * 2);
            }
            values[size++] = v;
        }

        byte[] toArray() {
            return Arrays.copyOf(values, size);
        }
    }
}
