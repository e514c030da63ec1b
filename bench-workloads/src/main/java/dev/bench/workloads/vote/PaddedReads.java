package dev.bench.workloads.vote;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.function.IntFunction;

/**
 * A session's vote reads, {@code SELECT id, title, votes ... WHERE id IN (?, ..., ?)}: one statement
 * per size rounded up to a power of two, prepared on first use, so few distinct statements reach the
 * server's plan cache; the ids are padded with the last one. Used by one thread at a time, as its session.
 */
final class PaddedReads {

    private final Connection connection;
    private final IntFunction<String> sql;
    private final PreparedStatement[] statements;

    /**
     * @param maxIds the most ids one read binds
     * @param sql    the read for a number of ids
     */
    PaddedReads(Connection connection, int maxIds, IntFunction<String> sql) {
        this.connection = connection;
        this.sql = sql;
        this.statements = new PreparedStatement[paddedSize(maxIds) + 1];
    }

    static int paddedSize(int n) {
        return n <= 1 ? 1 : Integer.highestOneBit(n - 1) * 2;
    }

    /** The read of {@code ids[from, from + n)}, bound; the caller executes it. */
    PreparedStatement bind(long[] ids, int from, int n) throws SQLException {
        int padded = paddedSize(n);
        PreparedStatement ps = statements[padded];
        if (ps == null) {
            ps = statements[padded] = connection.prepareStatement(sql.apply(padded));
        }
        for (int i = 0; i < padded; i++) {
            ps.setLong(i + 1, ids[from + Math.min(i, n - 1)]);
        }
        return ps;
    }

    /**
     * Reads sorted, distinct {@code ids[0, n)} as {@link #read} does and puts each one's vote count in
     * {@code votes[i]} (-1 when the row is missing), for the stale-read check.
     */
    void readCounts(long[] ids, int n, long[] votes) throws SQLException {
        java.util.Arrays.fill(votes, 0, n, -1);
        try (ResultSet rs = bind(ids, 0, n).executeQuery()) {
            while (rs.next()) {
                long id = rs.getLong(1);
                rs.getString(2);
                int i = java.util.Arrays.binarySearch(ids, 0, n, id);
                if (i >= 0) {
                    votes[i] = rs.getLong(3);
                }
            }
        }
    }

    /** Reads {@code ids[from, from + n)} and every column of their rows, as a reader would. */
    void read(long[] ids, int from, int n) throws SQLException {
        try (ResultSet rs = bind(ids, from, n).executeQuery()) {
            while (rs.next()) {
                rs.getLong(1);
                rs.getString(2);
                rs.getLong(3);
            }
        }
    }
}
