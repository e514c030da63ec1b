package dev.bench.workloads.voter;

import dev.bench.core.jdbc.JdbcTarget;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * One connection with its vote statements prepared: VoltDB's {@code Vote(phone, contestant, maxVotes)}
 * as one transaction: one call of the server-side routine, one SQL statement where the dialect can say it
 * in one (PostgreSQL), or else a transaction of three statements.
 * A lane whose connection broke is {@linkplain #discard discarded} and re-opens on its next vote.
 *
 * <p>Threading: one caller at a time (the owner of the lane's lock or of the lane itself).
 */
final class VoteLane implements AutoCloseable {

    static final int ACCEPTED = 0;
    static final int INVALID_CONTESTANT = 1;
    static final int OVER_LIMIT = 2;

    private static final long PHONE_SPAN = 10_000_000L;

    private final JdbcTarget target;
    private final VoterSql sql;
    private final boolean routine;
    /** Volatile: {@link #abort} reads it from another thread. */
    private volatile Connection connection;
    private PreparedStatement insertVote;
    private PreparedStatement bump;
    private PreparedStatement phoneVotes;
    /** The vote in one statement, in autocommit: the routine's call or the dialect's one-statement vote. */
    private PreparedStatement call;

    VoteLane(JdbcTarget target, VoterSql sql, boolean routine) {
        this.target = target;
        this.sql = sql;
        this.routine = routine;
    }

    /** @return {@link #ACCEPTED}, {@link #INVALID_CONTESTANT} or {@link #OVER_LIMIT}; nothing is written unless accepted */
    int vote(long phone, int contestant, int maxVotes) throws SQLException {
        if (connection == null) {
            open();
        }
        try {
            return call != null ? voteInOneCall(phone, contestant, maxVotes) : voteInSteps(phone, contestant, maxVotes);
        } catch (SQLException | RuntimeException e) {
            rollbackQuietly();
            throw e;
        }
    }

    private int voteInSteps(long phone, int contestant, int maxVotes) throws SQLException {
        insertVote.setLong(1, phone);
        insertVote.setInt(2, (int) (phone / PHONE_SPAN));
        insertVote.setInt(3, contestant);
        if (insertVote.executeUpdate() == 0) {
            connection.rollback();
            return INVALID_CONTESTANT;
        }
        bump.setLong(1, phone);
        bump.executeUpdate();
        phoneVotes.setLong(1, phone);
        try (ResultSet rs = phoneVotes.executeQuery()) {
            rs.next();
            if (rs.getInt(1) > maxVotes) {
                connection.rollback();
                return OVER_LIMIT;
            }
        }
        connection.commit();
        return ACCEPTED;
    }

    private int voteInOneCall(long phone, int contestant, int maxVotes) throws SQLException {
        call.setLong(1, phone);
        call.setInt(2, contestant);
        call.setInt(3, maxVotes);
        try (ResultSet rs = call.executeQuery()) {
            if (!rs.next()) {
                throw new SQLException("the vote returned no result");
            }
            return rs.getInt(1);
        }
    }

    private void open() throws SQLException {
        Connection c = target.connection();
        try {
            if (sql.sessionInit() != null) {
                try (Statement s = c.createStatement()) {
                    s.execute(sql.sessionInit());
                }
            }
            String oneCall = routine ? sql.callRoutine() : sql.oneStatement();
            if (oneCall != null) {
                call = c.prepareStatement(oneCall);
            } else {
                c.setAutoCommit(false);
                insertVote = c.prepareStatement(VoterSql.INSERT_VOTE);
                bump = c.prepareStatement(sql.bump());
                phoneVotes = c.prepareStatement(VoterSql.PHONE_VOTES);
            }
            connection = c;
        } catch (SQLException e) {
            c.close();
            throw e;
        }
    }

    private void rollbackQuietly() {
        try {
            if (connection != null) {
                if (connection.getAutoCommit()) {
                    try (Statement s = connection.createStatement()) {
                        s.execute("ROLLBACK"); // a routine that failed half way may leave its transaction open
                    }
                } else {
                    connection.rollback();
                }
            }
        } catch (SQLException ignored) {
            // the vote's own failure is the one to report; a broken connection gets discarded
        }
    }

    /** Cuts the connection off from another thread: a vote blocked on it returns with an error. */
    void abort() {
        JdbcTarget.abort(connection);
    }

    /** Forgets a broken connection; the next vote opens a new one. */
    void discard() {
        close();
    }

    @Override
    public void close() {
        if (connection != null) {
            try {
                connection.close(); // closes its statements and hands it back to the pool
            } catch (SQLException ignored) {
                // being discarded anyway
            }
            connection = null;
        }
    }
}
