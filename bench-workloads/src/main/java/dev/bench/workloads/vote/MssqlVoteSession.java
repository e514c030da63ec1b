package dev.bench.workloads.vote;

import dev.bench.core.jdbc.JdbcTarget;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;

/**
 * One mssql worker's connection, statements prepared lazily per batch size (read sizes rounded up to
 * a power of two so few plans reach the server). Batches beyond SQL Server's statement limits are
 * split: reads into IN lists of at most {@value MssqlVoteSql#MAX_IN_LIST}, writes into inserts of at
 * most {@value MssqlVoteSql#MAX_VALUES_ROWS} rows inside one transaction. Used by one thread at a time.
 */
final class MssqlVoteSession implements VoteBackend.VoteSession {

    private final Connection connection;
    private final PaddedReads reads;
    private final PreparedStatement[] inserts;

    MssqlVoteSession(Connection connection, int maxBatch) {
        this.connection = connection;
        this.reads = new PaddedReads(connection, Math.min(maxBatch, MssqlVoteSql.MAX_IN_LIST), MssqlVoteSql::read);
        this.inserts = new PreparedStatement[Math.min(maxBatch, MssqlVoteSql.MAX_VALUES_ROWS) + 1];
    }

    @Override
    public void read(long[] ids, int n) throws SQLException {
        for (int from = 0; from < n; from += MssqlVoteSql.MAX_IN_LIST) {
            reads.read(ids, from, Math.min(n - from, MssqlVoteSql.MAX_IN_LIST));
        }
    }

    @Override
    public void write(long[] ids, int n) throws SQLException {
        if (n <= MssqlVoteSql.MAX_VALUES_ROWS) {
            insert(ids, 0, n); // one statement: atomic without a transaction
            return;
        }
        connection.setAutoCommit(false);
        try {
            for (int from = 0; from < n; from += MssqlVoteSql.MAX_VALUES_ROWS) {
                insert(ids, from, Math.min(n - from, MssqlVoteSql.MAX_VALUES_ROWS));
            }
            connection.commit();
            connection.setAutoCommit(true);
        } catch (SQLException | RuntimeException e) {
            try {
                connection.rollback();
                connection.setAutoCommit(true);
            } catch (SQLException ignored) {
                // the original failure is the one worth reporting; a broken connection is replaced
            }
            throw e;
        }
    }

    private void insert(long[] ids, int from, int n) throws SQLException {
        PreparedStatement ps = inserts[n];
        if (ps == null) {
            ps = inserts[n] = connection.prepareStatement(MssqlVoteSql.insertVotes(n));
        }
        for (int i = 0; i < n; i++) {
            ps.setLong(i + 1, ids[from + i]);
        }
        ps.executeUpdate();
    }

    @Override
    public void abort() {
        JdbcTarget.abort(connection);
    }

    @Override
    public void close() throws SQLException {
        connection.close();
    }
}
