package dev.bench.workloads.tpcc;

import dev.bench.core.random.SplitMix64;

import java.sql.ResultSet;
import java.sql.SQLException;

import static dev.bench.workloads.tpcc.TpccRandom.uniform;

/** The Order-Status transaction (clause 2.6), read-only: a customer's newest order and its lines. */
final class OrderStatus {

    private OrderStatus() {
    }

    static boolean run(TpccSession s, SplitMix64 r, int w) throws SQLException {
        int d = uniform(r, 1, 10);
        int c = uniform(r, 1, 100) <= 60 ? s.customerByName(w, d, TpccRandom.runLastName(r)) : TpccRandom.customerId(r);
        try (ResultSet rs = s.query(TpccSql.OS_CUSTOMER, w, d, c)) {
            rs.next();
        }
        int orderId;
        try (ResultSet rs = s.query(TpccSql.OS_ORDER, w, d, c)) {
            if (!rs.next()) {
                return true; // every customer has an order after loading; nothing to show otherwise
            }
            orderId = rs.getInt(1);
        }
        try (ResultSet rs = s.query(TpccSql.OS_LINES, w, d, orderId)) {
            while (rs.next()) {
                rs.getInt(1);
            }
        }
        return true;
    }
}
