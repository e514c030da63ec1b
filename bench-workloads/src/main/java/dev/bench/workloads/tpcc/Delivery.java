package dev.bench.workloads.tpcc;

import dev.bench.core.random.SplitMix64;

import java.math.BigDecimal;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;

import static dev.bench.workloads.tpcc.TpccRandom.uniform;

/**
 * The Delivery transaction (clause 2.7): the oldest undelivered order of each of the warehouse's ten
 * districts gets a carrier, its lines a delivery date, its customer the order's amount. Run in one
 * transaction right away, as sysbench-tpcc does (the standard allows queuing it).
 */
final class Delivery {

    private Delivery() {
    }

    static boolean run(TpccSession s, SplitMix64 r, int w) throws SQLException {
        int carrier = uniform(r, 1, 10);
        Timestamp now = new Timestamp(System.currentTimeMillis());
        for (int d = 1; d <= 10; d++) {
            int orderId;
            try (ResultSet rs = s.query(TpccSql.DL_NEW_ORDER, w, d)) {
                if (!rs.next()) {
                    continue; // no undelivered order in this district: skipped, as clause 2.7.4.2 allows
                }
                orderId = rs.getInt(1);
            }
            PreparedStatement delete = s.ps(TpccSql.DL_NEW_ORDER_DELETE);
            delete.setInt(1, w);
            delete.setInt(2, d);
            delete.setInt(3, orderId);
            if (s.update(delete) == 0) {
                continue; // delivered by a concurrent Delivery under READ COMMITTED
            }
            int customer;
            try (ResultSet rs = s.query(TpccSql.DL_ORDER, w, d, orderId)) {
                rs.next();
                customer = rs.getInt(1);
            }
            PreparedStatement order = s.ps(TpccSql.DL_ORDER_UPDATE);
            order.setInt(1, carrier);
            bind(order, 2, w, d, orderId);
            s.update(order);
            PreparedStatement lines = s.ps(TpccSql.DL_LINES_UPDATE);
            lines.setTimestamp(1, now);
            bind(lines, 2, w, d, orderId);
            s.update(lines);
            BigDecimal amount;
            try (ResultSet rs = s.query(TpccSql.DL_LINES_SUM, w, d, orderId)) {
                rs.next();
                amount = rs.getBigDecimal(1);
            }
            PreparedStatement update = s.ps(TpccSql.DL_CUSTOMER_UPDATE);
            update.setBigDecimal(1, amount == null ? BigDecimal.ZERO : amount);
            bind(update, 2, w, d, customer);
            s.update(update);
        }
        return true;
    }

    private static void bind(PreparedStatement ps, int first, int w, int d, int id) throws SQLException {
        ps.setInt(first, w);
        ps.setInt(first + 1, d);
        ps.setInt(first + 2, id);
    }
}
