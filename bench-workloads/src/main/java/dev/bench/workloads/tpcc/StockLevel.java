package dev.bench.workloads.tpcc;

import dev.bench.core.random.SplitMix64;

import java.sql.ResultSet;
import java.sql.SQLException;

import static dev.bench.workloads.tpcc.TpccRandom.uniform;

/** The Stock-Level transaction (clause 2.8), read-only: items of a district's last 20 orders below a threshold. */
final class StockLevel {

    private StockLevel() {
    }

    static boolean run(TpccSession s, SplitMix64 r, int w) throws SQLException {
        int d = uniform(r, 1, 10);
        int threshold = uniform(r, 10, 20);
        int next;
        try (ResultSet rs = s.query(TpccSql.SL_DISTRICT, w, d)) {
            rs.next();
            next = rs.getInt(1);
        }
        try (ResultSet rs = s.query(TpccSql.SL_COUNT, w, d, next, next - 20, threshold)) {
            rs.next();
        }
        return true;
    }
}
