package dev.bench.workloads.oltp;

import dev.bench.core.jdbc.Dialect;
import dev.bench.core.random.SplitMix64;

import java.sql.PreparedStatement;
import java.sql.SQLException;

import static dev.bench.workloads.oltp.OltpSql.DELETE;
import static dev.bench.workloads.oltp.OltpSql.INSERT;
import static dev.bench.workloads.oltp.OltpSql.INSERT_GENERATED_ID;
import static dev.bench.workloads.oltp.OltpSql.RANDOM_POINTS;
import static dev.bench.workloads.oltp.OltpSql.RANDOM_RANGES;

/**
 * The events of the bundled scripts that are one statement each and not oltp_common's groups:
 * oltp_insert.lua, oltp_delete.lua, select_random_points.lua, select_random_ranges.lua.
 */
final class ScriptEvents {

    private ScriptEvents() {
    }

    /**
     * A row into a random table: PostgreSQL (and H2) take the id from the sequence with --auto-inc on;
     * MySQL gets id 0, which AUTO_INCREMENT replaces; with --auto-inc off an id no other insert of the run has
     * (sysbench.rand.unique(), a uint32 shifted into SQL INT's range: the same as taking it as a signed int).
     */
    static void insert(OltpSession session, SplitMix64 r) throws SQLException {
        int table = session.table(r);
        int k = session.id(r);
        boolean autoInc = session.workload().settings().autoInc();
        if (autoInc && session.workload().dialect() != Dialect.MYSQL) {
            PreparedStatement ps = session.statement(session.connection(), table, INSERT_GENERATED_ID);
            ps.setInt(1, k);
            ps.setString(2, RandomText.of(r, RandomText.C_GROUPS));
            ps.setString(3, RandomText.of(r, RandomText.PAD_GROUPS));
            session.change(ps);
            return;
        }
        PreparedStatement ps = session.statement(session.connection(), table, INSERT);
        ps.setInt(1, autoInc ? 0 : session.workload().uniqueInt());
        ps.setInt(2, k);
        ps.setString(3, RandomText.of(r, RandomText.C_GROUPS));
        ps.setString(4, RandomText.of(r, RandomText.PAD_GROUPS));
        session.change(ps);
    }

    /** One row by id from a random table (a missing id counts as "other", as in sysbench). */
    static void delete(OltpSession session, SplitMix64 r) throws SQLException {
        int table = session.table(r);
        PreparedStatement ps = session.statement(session.connection(), table, DELETE);
        ps.setInt(1, session.id(r));
        session.change(ps);
    }

    /** {@code SELECT id, k, c, pad FROM sbtest1 WHERE k IN (...)}, the points in this thread's segment of k. */
    static void randomPoints(OltpSession session, SplitMix64 r, int worker, int threads) throws SQLException {
        ScriptSettings script = session.workload().script();
        PreparedStatement ps = session.statement(session.selects(), 1, RANDOM_POINTS);
        for (int i = 1; i <= script.randomPoints(); i++) {
            ps.setInt(i, inSegment(session, r, worker, threads));
        }
        session.read(ps);
    }

    /** {@code SELECT count(k) FROM sbtest1 WHERE k BETWEEN ? AND ? OR ...}, each range from this thread's segment. */
    static void randomRanges(OltpSession session, SplitMix64 r, int worker, int threads) throws SQLException {
        ScriptSettings script = session.workload().script();
        PreparedStatement ps = session.statement(session.selects(), 1, RANDOM_RANGES);
        for (int i = 0; i < script.numberOfRanges(); i++) {
            int from = inSegment(session, r, worker, threads);
            ps.setInt(2 * i + 1, from);
            ps.setInt(2 * i + 2, from + script.delta());
        }
        session.read(ps);
    }

    /**
     * sb_rand(rmin, rmax) over thread {@code worker}'s segment [rlen * tid, rlen * (tid + 1)], rlen =
     * table_size / threads: the --rand-type draw over 1..table_size, scaled onto the segment.
     */
    private static int inSegment(OltpSession session, SplitMix64 r, int worker, int threads) {
        double rlen = (double) session.workload().settings().tableSize() / threads;
        double rmin = rlen * (worker % threads);
        double share = (session.id(r) - 1) / (double) session.workload().settings().tableSize();
        return (int) (rmin + share * (rlen + 1));
    }
}
