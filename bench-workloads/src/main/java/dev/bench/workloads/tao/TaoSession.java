package dev.bench.workloads.tao;

import dev.bench.core.Batch;
import dev.bench.core.ErrorKind;
import dev.bench.core.Session;
import dev.bench.core.jdbc.JdbcTarget;
import dev.bench.core.jdbc.SqlErrors;
import dev.bench.core.random.SplitMix64;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;

/**
 * One worker's connection: runs one TAOBench request per call (a read, a write, or a whole
 * transaction), drawing everything from the op's own generator, so a retry repeats the same request.
 * Counts rows added and deleted only once they are committed.
 *
 * <p>Threading: one worker thread at a time.
 */
final class TaoSession implements Session {

    /** assoc_time_range's window: the last week, which covers every loaded edge of a fresh load. */
    private static final long TIME_WINDOW_MICROS = 7L * 24 * 3600 * 1_000_000;

    private final Connection c;
    /** The same as {@link #c} unless reads go to replicas: single reads and read transactions run here. */
    private final Connection reads;
    private final int writeHost;
    private final int readHost;
    private final TaoConfig config;
    private final EdgePool pool;
    private final TaoCounters counters;
    /** Null unless reads go to replicas. */
    private final TaoStaleReads stale;
    private final TaoWorkload.Window window;
    private final long keySalt;
    private final TaoStatements statements;
    /** Row deltas of the current request, applied to the counters once committed. */
    private long edgeAddCount;
    /** This request's adds, told once it succeeds. */
    private final TaoAdds.Pending pendingAdds = new TaoAdds.Pending();
    private long edgeDeletes;
    private long objectAdds;
    private long objectDeletes;
    private long missed;
    /** A transaction's commit was sent: if the connection breaks now, its rows are in doubt. */
    private boolean committing;
    /** Whether the current request is in the measured window (its stale reads count). */
    private boolean measured;
    /** This request's updates that changed a row (object?, shard, index, timestamp), told to {@link #stale} once it succeeds. */
    private final TaoStaleReads.Pending updatesTold = new TaoStaleReads.Pending();

    /**
     * A worker's connection to the primary and the one its reads go to, with the hosts ({@code Hosts}) they serve.
     *
     * @param reads the same as {@code primary} unless reads go to replicas
     */
    record Connections(Connection primary, Connection reads, int writeHost, int readHost) {
    }

    /** @param stale where stale reads are counted, or null (reads on the primary) */
    TaoSession(Connections connections, TaoSql sql, TaoConfig config, EdgePool pool, TaoCounters counters, TaoStaleReads stale,
               TaoWorkload.Window window, long keySalt) throws SQLException {
        this.stale = stale;
        this.c = connections.primary();
        this.reads = connections.reads();
        this.writeHost = connections.writeHost();
        this.readHost = connections.readHost();
        this.config = config;
        this.pool = pool;
        this.counters = counters;
        this.window = window;
        this.keySalt = keySalt;
        this.statements = new TaoStatements(c, reads, sql);
        TaoSchema.init(c, sql);
        c.setAutoCommit(true);
        if (reads != c) {
            TaoSchema.init(reads, sql);
            reads.setAutoCommit(true);
        }
    }

    @Override
    public void execute(Batch batch) throws Exception {
        TaoOp op = TaoOp.values()[batch.kind()];
        SplitMix64 random = batch.random(0);
        edgeAddCount = 0;
        edgeDeletes = 0;
        objectAdds = 0;
        objectDeletes = 0;
        missed = 0;
        committing = false;
        measured = batch.intendedNanos(0) >= window.startNanos();
        pendingAdds.clear();
        updatesTold.clear();
        try {
            switch (op) {
                case READ_TXN -> transaction(random, config.readTxnSizes(), config.readTxnTypes(), true);
                case WRITE_TXN -> transaction(random, config.writeTxnSizes(), config.writeTxnTypes(), false);
                default -> one(op, random);
            }
        } catch (SQLException e) {
            if (SqlErrors.classify(e) == ErrorKind.CONNECTION) {
                noteInDoubt(op);
            }
            throw e;
        }
        counters.adds.acknowledge(pendingAdds);
        if (stale != null) {
            updatesTold.tell(stale);
        }
        counters.edgesAdded.add(edgeAddCount);
        counters.edgesDeleted.add(edgeDeletes);
        counters.objectsAdded.add(objectAdds);
        counters.objectsDeleted.add(objectDeletes);
        if (missed > 0 && batch.intendedNanos(0) >= window.startNanos()) {
            counters.missed(op, missed);
        }
    }

    /** The connection broke: an autocommit write, or a transaction whose commit was sent, may have happened. */
    private void noteInDoubt(TaoOp op) {
        switch (op) {
            case EDGE_ADD, EDGE_DELETE -> counters.edgesInDoubt.increment();
            case OBJ_ADD, OBJ_DELETE -> counters.objectsInDoubt.increment();
            default -> {
                if (committing) {
                    counters.edgesInDoubt.add(edgeAddCount + edgeDeletes);
                    counters.objectsInDoubt.add(objectAdds + objectDeletes);
                }
            }
        }
    }

    /** A read transaction on the reads' connection (a replica's is read-only already and stays so), a write one on the primary's. */
    private void transaction(SplitMix64 random, Weighted<Integer> sizes, Weighted<TaoOp> types, boolean readOnly)
            throws SQLException {
        int size = sizes.pick(random);
        Connection on = readOnly ? reads : c;
        boolean markReadOnly = readOnly && on == c;
        on.setAutoCommit(false);
        if (markReadOnly) {
            on.setReadOnly(true);
        }
        try {
            for (int i = 0; i < size; i++) {
                one(types.pick(random), random);
            }
            committing = true;
            on.commit();
        } catch (SQLException | RuntimeException e) {
            TaoStatements.rollbackQuietly(on);
            TaoStatements.restoreAfterFailure(on, markReadOnly, e);
            throw e;
        }
        TaoStatements.restore(on, markReadOnly);
    }

    private void one(TaoOp op, SplitMix64 random) throws SQLException {
        int shard = pool.pickShard(config.primaryShards(), random);
        int index = pool.pickIndex(shard, random);
        long id1 = pool.id1(shard, index);
        long id2 = pool.id2(shard, index);
        int type = pool.type(shard, index);
        long now = TaoKeys.nowMicros();
        switch (op) {
            case OBJ_READ -> query(op, TaoSql.OBJ_READ, floor(true, shard, index), id1);
            case EDGE_POINT_READ -> query(op, TaoSql.EDGE_POINT_READ, floor(false, shard, index), id1, id2, type);
            case EDGE_RANGE_READ -> query(op, TaoSql.EDGE_RANGE_READ, 0, id1, type);
            case EDGE_COUNT_READ -> count(id1, type);
            case EDGE_TIME_READ -> query(op, TaoSql.EDGE_TIME_READ, 0, id1, type, now - TIME_WINDOW_MICROS, now);
            case OBJ_ADD -> objectAdds += objectAdd(random, shard, now);
            case OBJ_UPDATE -> noteUpdated(true, shard, index, now, noteNoop(statements.update(op, TaoSql.OBJ_UPDATE, random, now, id1)));
            case OBJ_DELETE -> objectDeletes += noteNoop(statements.delete(op, TaoSql.OBJ_DELETE, now, id1));
            case EDGE_ADD -> edgeAddCount += edgeAdd(random, shard, now);
            case EDGE_UPDATE -> noteUpdated(false, shard, index, now, noteNoop(statements.update(op, TaoSql.EDGE_UPDATE, random, now, id1, id2,
                    type)));
            case EDGE_DELETE -> edgeDeletes += noteNoop(statements.delete(op, TaoSql.EDGE_DELETE, now, id1, id2, type));
            default -> throw new IllegalArgumentException("not a single operation: " + op);
        }
    }

    private int noteNoop(int rows) {
        if (rows == 0) {
            missed++;
        }
        return rows;
    }

    /** The floor an update told puts under a point read of this slot ({@link TaoStaleReads}); 0: none is kept. */
    private long floor(boolean object, int shard, int index) {
        return stale == null ? 0 : stale.floor(object, shard, index);
    }

    private void noteUpdated(boolean object, int shard, int index, long timestampMicros, int rows) {
        if (rows > 0 && stale != null) {
            updatesTold.add(object, shard, index, timestampMicros);
        }
    }

    /** @param floor for a point read (its first column the row's timestamp): older than this is a stale read; 0: not checked */
    private void query(TaoOp op, String text, long floor, long... params) throws SQLException {
        PreparedStatement ps = statements.statement(op, text);
        for (int i = 0; i < params.length; i++) {
            ps.setLong(i + 1, params[i]);
        }
        try (ResultSet rs = ps.executeQuery()) {
            boolean found = false;
            while (rs.next()) {
                if (!found && floor > 0 && rs.getLong(1) < floor && measured) {
                    stale.stale(readHost);
                }
                found = true;
            }
            if (!found) {
                missed++;
            }
        }
    }

    private void count(long id1, int type) throws SQLException {
        PreparedStatement ps = statements.statement(TaoOp.EDGE_COUNT_READ, TaoSql.EDGE_COUNT_READ);
        ps.setLong(1, id1);
        ps.setLong(2, type);
        try (ResultSet rs = ps.executeQuery()) {
            if (!rs.next() || rs.getLong(1) == 0) {
                missed++;
            }
        }
    }

    /**
     * A fresh key in the request's shard (not added to the pool), as TAOBench's adds do: the same for a
     * retry of this request, different in every run.
     */
    private long freshKey(int shard, SplitMix64 random) {
        return TaoKeys.key(shard, random.nextLong(), random.nextLong() ^ keySalt);
    }

    private int objectAdd(SplitMix64 random, int shard, long now) throws SQLException {
        long id = freshKey(shard, random);
        int rows = noteNoop(statements.objectAdd(id, now, random));
        if (rows > 0) {
            pendingAdds.object(id);
        }
        return rows;
    }

    private int edgeAdd(SplitMix64 random, int shard, long now) throws SQLException {
        EdgeType type = config.edgeTypes().pick(random);
        long a = freshKey(shard, random);
        long b = freshKey(config.remoteShards().pick(random), random);
        int rows = noteNoop(statements.edgeAdd(type, a, b, now, random));
        if (rows > 0) {
            pendingAdds.edge(a, b, type.ordinal());
        }
        return rows;
    }

    @Override
    public int host(int kind) {
        return TaoOp.values()[kind].readsOnly() ? readHost : writeHost;
    }

    @Override
    public void abort() {
        JdbcTarget.abort(c);
        if (reads != c) {
            JdbcTarget.abort(reads);
        }
    }

    @Override
    public void close() throws SQLException {
        try {
            c.close();
        } finally {
            if (reads != c) {
                reads.close();
            }
        }
    }
}
