package dev.bench.workloads.pgbench;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

/** The sums pgbench's invariant compares, read in one transaction-free pass; differences of two readings. */
record Balances(long accounts, long tellers, long branches, long historyDelta, long historyRows) {

    static Balances read(Connection c) throws SQLException {
        return new Balances(sum(c, "select coalesce(sum(abalance), 0) from pgbench_accounts"),
                sum(c, "select coalesce(sum(tbalance), 0) from pgbench_tellers"),
                sum(c, "select coalesce(sum(bbalance), 0) from pgbench_branches"),
                sum(c, "select coalesce(sum(delta), 0) from pgbench_history"),
                sum(c, "select count(*) from pgbench_history"));
    }

    Balances minus(Balances before) {
        return new Balances(accounts - before.accounts, tellers - before.tellers, branches - before.branches,
                historyDelta - before.historyDelta, historyRows - before.historyRows);
    }

    private static long sum(Connection c, String sql) throws SQLException {
        try (Statement st = c.createStatement(); ResultSet rs = st.executeQuery(sql)) {
            rs.next();
            return rs.getLong(1);
        }
    }
}
