package dev.bench.workloads.tao;

import dev.bench.core.BenchException;
import dev.bench.core.ErrorKind;
import dev.bench.core.Failures;
import dev.bench.core.jdbc.Dialect;
import dev.bench.core.jdbc.JdbcTarget;
import dev.bench.core.jdbc.SqlErrors;
import dev.bench.core.random.SplitMix64;

import org.postgresql.PGConnection;
import org.postgresql.copy.CopyManager;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringReader;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;

/**
 * TAOBench's load phase: each edge gets a primary shard uniform over the 50, a remote shard and a type
 * from the config, and is written as one edge row and two object rows (its ends) with one timestamp
 * and value. Load threads take edges in batches; a batch is one transaction of two writes (edges,
 * objects): COPY on PostgreSQL, multi-row inserts elsewhere. Contention is retried; a batch that still fails is counted, as TAOBench does.
 *
 * <p>Threading: {@link #load} runs its own threads and returns when they are done.
 */
public final class TaoLoader {

    private static final int MAX_ATTEMPTS = 5;
    private static final long PROGRESS_EVERY_NANOS = 5_000_000_000L;

    private final JdbcTarget target;
    private final TaoSql sql;
    private final TaoConfig config;
    private final int batchEdges;
    private final long seed;
    private final AtomicLong nextEdge = new AtomicLong();
    private final AtomicLong loadedEdges = new AtomicLong();
    private final AtomicLong failedBatches = new AtomicLong();
    private final AtomicReference<Exception> fatal = new AtomicReference<>();

    TaoLoader(JdbcTarget target, TaoSql sql, TaoConfig config, int batchEdges, long seed) {
        this.target = target;
        this.sql = sql;
        this.config = config;
        this.batchEdges = batchEdges;
        this.seed = seed;
    }

    /** What a load did. */
    public record Outcome(long edges, long failedBatches, double seconds) {
        public double edgesPerSecond() {
            return edges / Math.max(seconds, 1e-9);
        }
    }

    Outcome load(long edges, int threads, PrintWriter progress) throws InterruptedException {
        long start = System.nanoTime();
        List<Thread> workers = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            int index = t;
            Thread thread = new Thread(() -> runThread(index, edges), "tao-load-" + t);
            thread.setDaemon(true);
            workers.add(thread);
            thread.start();
        }
        long nextReport = start + PROGRESS_EVERY_NANOS;
        for (Thread w : workers) {
            while (w.isAlive()) {
                w.join(200);
                if (System.nanoTime() >= nextReport) {
                    double s = (System.nanoTime() - start) / 1e9;
                    long done = loadedEdges.get();
                    progress.printf("[load] %.0f s: %d of %d edges (%.0f%%), %.0f edges/s%n", s, done, edges,
                            100.0 * done / edges, done / s);
                    progress.flush();
                    nextReport += PROGRESS_EVERY_NANOS;
                }
            }
        }
        if (fatal.get() != null) {
            throw new BenchException("load failed: " + Failures.describe(fatal.get()), fatal.get());
        }
        return new Outcome(loadedEdges.get(), failedBatches.get(), (System.nanoTime() - start) / 1e9);
    }

    private void runThread(int index, long edges) {
        SplitMix64 random = new SplitMix64(SplitMix64.seedFor(seed, -10 - index, 0));
        try (Connection c = target.connection()) {
            TaoSchema.init(c, sql);
            if (sql.dialect == Dialect.POSTGRES) {
                try (Statement s = c.createStatement()) {
                    // a lost tail of a crash is re-loadable; waiting for every commit's flush is not the point
                    s.execute("SET synchronous_commit = off");
                }
            }
            c.setAutoCommit(false);
            Batch batch = new Batch(c);
            while (fatal.get() == null) {
                long first = nextEdge.getAndAdd(batchEdges);
                if (first >= edges) {
                    return;
                }
                int n = (int) Math.min(batchEdges, edges - first);
                batch.fill(random, first, n);
                if (batch.write(c)) {
                    loadedEdges.addAndGet(n);
                } else {
                    failedBatches.incrementAndGet();
                }
            }
        } catch (Exception e) {
            fatal.compareAndSet(null, e);
        }
    }

    /** One batch's rows, generated into reused arrays, and its two prepared inserts. */
    private final class Batch {
        final long[] id1 = new long[batchEdges];
        final long[] id2 = new long[batchEdges];
        final int[] type = new int[batchEdges];
        final long[] timestamp = new long[batchEdges];
        final String[] value = new String[batchEdges];
        final char[] letters = new char[TaoValues.LENGTH];
        final StringBuilder text = new StringBuilder();
        final PreparedStatement fullEdges;
        final PreparedStatement fullObjects;
        int size;

        Batch(Connection c) throws SQLException {
            boolean copies = sql.dialect == Dialect.POSTGRES;
            fullEdges = copies ? null : c.prepareStatement(sql.loadInsert("edges", batchEdges));
            fullObjects = copies ? null : c.prepareStatement(sql.loadInsert("objects", 2 * batchEdges));
        }

        void fill(SplitMix64 random, long firstEdge, int n) {
            size = n;
            for (int i = 0; i < n; i++) {
                long seq = 2 * (firstEdge + i);
                int primary = random.nextInt(TaoConfig.SHARDS);
                int remote = config.remoteShards().pick(random);
                id1[i] = TaoKeys.key(primary, seq, System.nanoTime());
                id2[i] = TaoKeys.key(remote, seq + 1, System.nanoTime());
                type[i] = config.edgeTypes().pick(random).ordinal();
                timestamp[i] = TaoKeys.nowMicros();
                value[i] = TaoValues.next(random, letters);
            }
        }

        /** @return false when the batch failed for good */
        boolean write(Connection c) throws SQLException {
            for (int attempt = 1; ; attempt++) {
                try {
                    if (sql.dialect == Dialect.POSTGRES) {
                        copy(c);
                    } else {
                        insert(c);
                    }
                    c.commit();
                    return true;
                } catch (SQLException e) {
                    rollbackQuietly(c);
                    ErrorKind kind = SqlErrors.classify(e);
                    if (kind == ErrorKind.CONNECTION) {
                        throw e;
                    }
                    if (kind != ErrorKind.RETRYABLE || attempt >= MAX_ATTEMPTS) {
                        return false;
                    }
                    LockSupport.parkNanos(ThreadLocalRandom.current().nextLong(1_000_000L << attempt));
                }
            }
        }

        /**
         * PostgreSQL's fastest path: COPY, text format (values are letters and digits, nothing to escape).
         * COPY can't skip existing keys, but a batch's keys are unique by construction (distinct
         * sequence numbers within 2^17 edges, and the clock's ns beyond), so only a collision with the
         * clock would fail a batch, and it would be counted.
         */
        private void copy(Connection c) throws SQLException {
            text.setLength(0);
            for (int i = 0; i < size; i++) {
                text.append(id1[i]).append('\t').append(id2[i]).append('\t').append(type[i]).append('\t')
                        .append(timestamp[i]).append('\t').append(value[i]).append('\n');
            }
            CopyManager copy = c.unwrap(PGConnection.class).getCopyAPI();
            copyIn(copy, "COPY edges (id1, id2, type, timestamp, value) FROM STDIN");
            text.setLength(0);
            for (int i = 0; i < size; i++) {
                for (long id : new long[] {id1[i], id2[i]}) {
                    text.append(id).append('\t').append(timestamp[i]).append('\t').append(value[i]).append('\n');
                }
            }
            copyIn(copy, "COPY objects (id, timestamp, value) FROM STDIN");
        }

        private void copyIn(CopyManager copy, String statement) throws SQLException {
            try {
                copy.copyIn(statement, new StringReader(text.toString()));
            } catch (IOException e) {
                throw new SQLException("COPY failed: " + e.getMessage(), "08006", e);
            }
        }

        private void insert(Connection c) throws SQLException {
            boolean full = size == batchEdges;
            try (PreparedStatement partialEdges = full ? null : c.prepareStatement(sql.loadInsert("edges", size));
                 PreparedStatement partialObjects = full ? null : c.prepareStatement(sql.loadInsert("objects", 2 * size))) {
                PreparedStatement edges = full ? fullEdges : partialEdges;
                PreparedStatement objects = full ? fullObjects : partialObjects;
                int p = 1;
                for (int i = 0; i < size; i++) {
                    edges.setLong(p++, id1[i]);
                    edges.setLong(p++, id2[i]);
                    edges.setLong(p++, type[i]);
                    edges.setLong(p++, timestamp[i]);
                    edges.setString(p++, value[i]);
                }
                edges.executeUpdate();
                p = 1;
                for (int i = 0; i < size; i++) {
                    for (long id : new long[] {id1[i], id2[i]}) {
                        objects.setLong(p++, id);
                        objects.setLong(p++, timestamp[i]);
                        objects.setString(p++, value[i]);
                    }
                }
                objects.executeUpdate();
            }
        }
    }

    private static void rollbackQuietly(Connection c) {
        try {
            c.rollback();
        } catch (SQLException ignored) {
            // the connection is failing; the caller reports the first error
        }
    }
}
