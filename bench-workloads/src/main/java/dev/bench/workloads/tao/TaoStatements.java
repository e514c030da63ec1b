package dev.bench.workloads.tao;

import dev.bench.core.random.SplitMix64;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;

/**
 * A session's statements: each op's prepared once, on the connection it runs on (reads on the reads' one,
 * writes on the primary's), with its parameters bound as TAOBench's requests give them; and the connection
 * modes a transaction sets and restores.
 *
 * <p>Threading: one worker thread at a time, as its {@link TaoSession}.
 */
final class TaoStatements {

    private final Connection primary;
    private final Connection reads;
    private final TaoSql sql;
    private final PreparedStatement[] byOp = new PreparedStatement[TaoOp.values().length];
    private final PreparedStatement[] edgeAdds = new PreparedStatement[EdgeType.values().length];
    private final boolean[][] guardOrders = new boolean[EdgeType.values().length][];
    private final char[] letters = new char[TaoValues.LENGTH];

    TaoStatements(Connection primary, Connection reads, TaoSql sql) {
        this.primary = primary;
        this.reads = reads;
        this.sql = sql;
    }

    /** Prepared on the connection its op runs on: reads on the reads' one, writes on the primary's. */
    PreparedStatement statement(TaoOp op, String text) throws SQLException {
        PreparedStatement ps = byOp[op.ordinal()];
        if (ps == null) {
            ps = (op.readsOnly() ? reads : primary).prepareStatement(text);
            byOp[op.ordinal()] = ps;
        }
        return ps;
    }

    /** @return the rows changed */
    int update(TaoOp op, String text, SplitMix64 random, long now, long... key) throws SQLException {
        PreparedStatement ps = statement(op, text);
        ps.setLong(1, now);
        ps.setString(2, TaoValues.next(random, letters));
        for (int i = 0; i < key.length; i++) {
            ps.setLong(3 + i, key[i]);
        }
        ps.setLong(3 + key.length, now);
        return ps.executeUpdate();
    }

    /** @return the rows deleted */
    int delete(TaoOp op, String text, long now, long... key) throws SQLException {
        PreparedStatement ps = statement(op, text);
        for (int i = 0; i < key.length; i++) {
            ps.setLong(1 + i, key[i]);
        }
        ps.setLong(1 + key.length, now);
        return ps.executeUpdate();
    }

    /** @return the rows added: 0 when the key was taken */
    int objectAdd(long id, long now, SplitMix64 random) throws SQLException {
        PreparedStatement ps = statement(TaoOp.OBJ_ADD, sql.objectAdd());
        ps.setLong(1, id);
        ps.setLong(2, now);
        ps.setString(3, TaoValues.next(random, letters));
        ps.setLong(4, id);
        return ps.executeUpdate();
    }

    /** @return the rows added: 0 when the edge was there */
    int edgeAdd(EdgeType type, long a, long b, long now, SplitMix64 random) throws SQLException {
        int t = type.ordinal();
        if (edgeAdds[t] == null) {
            edgeAdds[t] = primary.prepareStatement(sql.edgeAdd(type));
            guardOrders[t] = TaoSql.guardOrder(type);
        }
        PreparedStatement ps = edgeAdds[t];
        ps.setLong(1, a);
        ps.setLong(2, b);
        ps.setLong(3, t);
        ps.setLong(4, now);
        ps.setString(5, TaoValues.next(random, letters));
        boolean[] order = guardOrders[t];
        for (int i = 0; i < order.length; i++) {
            ps.setLong(6 + i, order[i] ? a : b);
        }
        return ps.executeUpdate();
    }

    static void restore(Connection on, boolean readOnly) throws SQLException {
        if (readOnly) {
            on.setReadOnly(false);
        }
        on.setAutoCommit(true);
    }

    /**
     * After a failed transaction the connection may be gone (the pool closes a broken one, and then
     * every call says "Connection is closed" with no SQLSTATE): the first failure is the one to
     * classify, so a failure to restore the session is only attached to it.
     */
    static void restoreAfterFailure(Connection on, boolean readOnly, Exception first) {
        try {
            restore(on, readOnly);
        } catch (SQLException e) {
            first.addSuppressed(e);
        }
    }

    static void rollbackQuietly(Connection on) {
        try {
            on.rollback();
        } catch (SQLException ignored) {
            // the request already failed; its error is the one that counts
        }
    }
}
