package dev.bench.workloads.oltp;

import dev.bench.core.Batch;
import dev.bench.core.Session;
import dev.bench.core.jdbc.JdbcTarget;
import dev.bench.core.random.KeyDistribution;
import dev.bench.core.random.SplitMix64;
import dev.bench.workloads.sysbench.QueryCounters;
import dev.bench.workloads.sysbench.ThreadFairness;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;

import static dev.bench.workloads.oltp.OltpSql.DELETE;
import static dev.bench.workloads.oltp.OltpSql.DISTINCT_RANGE;
import static dev.bench.workloads.oltp.OltpSql.INDEX_UPDATE;
import static dev.bench.workloads.oltp.OltpSql.INSERT;
import static dev.bench.workloads.oltp.OltpSql.NON_INDEX_UPDATE;
import static dev.bench.workloads.oltp.OltpSql.ORDER_RANGE;
import static dev.bench.workloads.oltp.OltpSql.POINT;
import static dev.bench.workloads.oltp.OltpSql.SIMPLE_RANGE;
import static dev.bench.workloads.oltp.OltpSql.SUM_RANGE;

/**
 * One worker's connection running oltp_read_write events, statement for statement as sysbench's
 * oltp_common.lua: each group draws its table uniformly once, ids by --rand-type.
 *
 * <p>Threading: one worker thread at a time (Session contract).
 */
final class OltpSession implements Session {

    private final Connection connection;
    /** The same as {@link #connection} unless the selects go to replicas (--skip-trx on): then a read-only one there. */
    private final Connection selects;
    /** The host ({@code Hosts}) an event is counted against: the primary's when it writes, else the reads'. */
    private final int host;
    private final OltpWorkload workload;
    private final OltpSettings s;
    private final OltpScript script;
    /** BEGIN/COMMIT around each event (else autocommit). */
    private final boolean transactional;
    private final KeyDistribution ids;
    private final QueryCounters counters;
    private final ThreadFairness fairness;
    private final int worker;
    private final PreparedStatement[][] statements;
    private final byte[] text = new byte[RandomText.length(RandomText.C_GROUPS)];
    private long reads;
    private long writes;
    private long others;
    /** The op whose last attempt failed with an ignorable error, and how often in a row: its re-runs draw fresh values. */
    private long failedOp = -1;
    private int restarts;

    OltpSession(Connection connection, Connection selects, OltpWorkload workload, int worker, int host) throws SQLException {
        this.connection = connection;
        this.selects = selects;
        this.host = host;
        this.workload = workload;
        this.s = workload.settings();
        this.script = workload.script().script();
        this.transactional = script.inTransaction(s);
        this.ids = workload.ids();
        this.counters = workload.counters();
        this.fairness = workload.fairness();
        this.worker = worker;
        this.statements = new PreparedStatement[s.tables() + 1][OltpSql.STATEMENTS];
        connection.setAutoCommit(!transactional);
    }

    /**
     * One event. An ignorable error rolls back and reaches the engine, which re-runs the event (a retry,
     * sysbench's ignored error); the re-run draws fresh values, as sysbench's does.
     */
    @Override
    public void execute(Batch batch) throws Exception {
        boolean measured = batch.isMeasured(0);
        try {
            event(random(batch));
            flush(measured);
        } catch (SQLException e) {
            if (workload.isIgnorable(e)) {
                rollbackQuietly();
                failedOp = batch.opIndex(0);
            }
            flush(measured);
            throw e;
        }
        fairness.completed(worker, batch);
    }

    /** The op's generator; for a re-run, moved on once per failed attempt so it draws other values. */
    private SplitMix64 random(Batch batch) {
        SplitMix64 random = batch.random(0);
        restarts = batch.opIndex(0) == failedOp ? restarts + 1 : 0;
        for (int i = 0; i < restarts; i++) {
            random.reseed(random.nextLong());
        }
        return random;
    }

    /** One event of the script, statement for statement as its Lua's event(). */
    private void event(SplitMix64 r) throws SQLException {
        if (transactional) {
            others++; // BEGIN: the driver sends it with the first statement
        }
        switch (script) {
            case POINT_SELECT -> pointSelects(r, 1);
            case UPDATE_INDEX -> indexUpdates(r);
            case UPDATE_NON_INDEX -> nonIndexUpdates(r);
            case INSERT -> ScriptEvents.insert(this, r);
            case DELETE -> ScriptEvents.delete(this, r);
            case SELECT_RANDOM_POINTS -> ScriptEvents.randomPoints(this, r, worker, workload.threads());
            case SELECT_RANDOM_RANGES -> ScriptEvents.randomRanges(this, r, worker, workload.threads());
            default -> commonEvent(r);
        }
        if (transactional) {
            connection.commit();
            others++;
        }
    }

    /** oltp_read_write's, oltp_read_only's and oltp_write_only's groups. */
    private void commonEvent(SplitMix64 r) throws SQLException {
        if (script.commonSelects()) {
            pointSelects(r, s.pointSelects());
            if (s.rangeSelects()) {
                ranges(r, SIMPLE_RANGE, s.simpleRanges());
                ranges(r, SUM_RANGE, s.sumRanges());
                ranges(r, ORDER_RANGE, s.orderRanges());
                ranges(r, DISTINCT_RANGE, s.distinctRanges());
            }
        }
        if (script.writes()) {
            indexUpdates(r);
            nonIndexUpdates(r);
            deleteInserts(r);
        }
    }

    private void pointSelects(SplitMix64 r, int count) throws SQLException {
        int table = table(r);
        for (int i = 0; i < count; i++) {
            PreparedStatement ps = statement(selects, table, POINT);
            ps.setInt(1, id(r));
            read(ps);
        }
    }

    private void ranges(SplitMix64 r, int slot, int count) throws SQLException {
        int table = table(r);
        for (int i = 0; i < count; i++) {
            PreparedStatement ps = statement(selects, table, slot);
            int id = id(r);
            ps.setInt(1, id);
            ps.setInt(2, id + s.rangeSize() - 1);
            read(ps);
        }
    }

    private void indexUpdates(SplitMix64 r) throws SQLException {
        int table = table(r);
        for (int i = 0; i < s.indexUpdates(); i++) {
            PreparedStatement ps = statement(connection, table, INDEX_UPDATE);
            ps.setInt(1, id(r));
            change(ps);
        }
    }

    private void nonIndexUpdates(SplitMix64 r) throws SQLException {
        int table = table(r);
        for (int i = 0; i < s.nonIndexUpdates(); i++) {
            PreparedStatement ps = statement(connection, table, NON_INDEX_UPDATE);
            ps.setString(1, RandomText.of(r, RandomText.C_GROUPS));
            ps.setInt(2, id(r));
            change(ps);
        }
    }

    private void deleteInserts(SplitMix64 r) throws SQLException {
        int table = table(r);
        for (int i = 0; i < s.deleteInserts(); i++) {
            int id = id(r);
            int k = id(r);
            PreparedStatement delete = statement(connection, table, DELETE);
            delete.setInt(1, id);
            PreparedStatement insert = statement(connection, table, INSERT);
            insert.setInt(1, id);
            insert.setInt(2, k);
            insert.setString(3, RandomText.of(r, RandomText.C_GROUPS));
            insert.setString(4, RandomText.of(r, RandomText.PAD_GROUPS));
            change(delete);
            change(insert);
        }
    }

    void read(PreparedStatement ps) throws SQLException {
        try (ResultSet rs = ps.executeQuery()) {
            while (rs.next()) {
                // sysbench fetches every row; so do we, to move the same bytes
            }
        }
        reads++;
    }

    void change(PreparedStatement ps) throws SQLException {
        if (ps.executeUpdate() > 0) {
            writes++;
        } else {
            others++;
        }
    }

    int table(SplitMix64 r) {
        return 1 + r.nextInt(s.tables());
    }

    int id(SplitMix64 r) {
        return (int) ids.next(r);
    }

    /** @param on the connection its slot's statements run on: the selects' ({@link #selects}) or the writes' */
    PreparedStatement statement(Connection on, int table, int slot) throws SQLException {
        PreparedStatement ps = statements[table][slot];
        if (ps == null) {
            ps = on.prepareStatement(OltpSql.statement(slot, s.table(table), workload.script()));
            statements[table][slot] = ps;
        }
        return ps;
    }

    /** The attempt's ROLLBACK; one that fails leaves the original error to be classified. */
    private void rollbackQuietly() {
        if (transactional) {
            try {
                connection.rollback();
                others++;
            } catch (SQLException broken) {
                // a connection that can't roll back fails its next statement, and is then replaced
            }
        }
    }

    /** Adds this attempt's statements to sysbench's counts, unless the event is warmup (as the engine leaves it out). */
    private void flush(boolean measured) {
        if (measured) {
            if (workload.dryRun()) { // sysbench's dry run has no result to tell a read or a write by
                counters.add(0, 0, reads + writes + others);
            } else {
                counters.add(reads, writes, others);
            }
        }
        reads = 0;
        writes = 0;
        others = 0;
    }

    Connection connection() {
        return connection;
    }

    Connection selects() {
        return selects;
    }

    OltpWorkload workload() {
        return workload;
    }

    @Override
    public int host(int kind) {
        return host;
    }

    @Override
    public void abort() {
        JdbcTarget.abort(connection);
        if (selects != connection) {
            JdbcTarget.abort(selects);
        }
    }

    @Override
    public void close() throws Exception {
        try {
            if (!connection.isClosed() && transactional) {
                connection.rollback();
            }
        } catch (SQLException ignored) {
            // a broken connection is being discarded anyway
        } finally {
            try {
                connection.close();
            } finally {
                if (selects != connection) {
                    selects.close();
                }
            }
        }
    }
}
