package dev.bench.workloads.tpcc;

import dev.bench.core.jdbc.JdbcTarget;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.atomic.LongAdder;

/**
 * The writes that add rows, as the client was told of them: each committed new order is one more orders row,
 * each committed payment one more history row (deliveries only update and delete new_orders). A commit whose
 * connection broke is in doubt: its row may or may not be there. After the run, fewer rows gained than commits
 * acknowledged is "lost N acknowledged writes" (a failover to a standby that had not received them).
 * Counted, not listed by (district, o_id): the new primary hands out a lost order's o_id again, so the id
 * names a different order afterwards.
 *
 * <p>Threading: the counters from any worker.
 */
final class TpccWrites {

    final LongAdder newOrders = new LongAdder();
    final LongAdder newOrdersInDoubt = new LongAdder();
    final LongAdder payments = new LongAdder();
    final LongAdder paymentsInDoubt = new LongAdder();

    /** Rows of the tables that only grow, summed over the table sets. */
    record Rows(long orders, long history) {
        static Rows of(JdbcTarget target, TpccSettings settings) throws SQLException {
            long orders = 0;
            long history = 0;
            try (Connection c = target.connection(); Statement s = c.createStatement()) {
                for (int set = 1; set <= settings.tables(); set++) {
                    TpccTables t = new TpccTables(set);
                    orders += count(s, t.orders());
                    history += count(s, t.history());
                }
                if (!c.getAutoCommit()) {
                    c.commit();
                }
            }
            return new Rows(orders, history);
        }

        private static long count(Statement s, String table) throws SQLException {
            try (ResultSet rs = s.executeQuery("SELECT COUNT(*) FROM " + table)) {
                rs.next();
                return rs.getLong(1);
            }
        }
    }

    /** The counted commits, for summary.json's told. */
    Map<String, Object> told(Rows before) {
        Map<String, Object> told = new LinkedHashMap<>();
        told.put("new_orders", newOrders.sum());
        told.put("new_orders_in_doubt", newOrdersInDoubt.sum());
        told.put("payments", payments.sum());
        told.put("payments_in_doubt", paymentsInDoubt.sum());
        told.put("before", Map.of("orders", before.orders(), "history", before.history()));
        return told;
    }

    /**
     * Whether the rows gained agree with the commits told: at least every acknowledged one, at most those plus
     * the ones in doubt; and the numbers, one line, led by "lost N acknowledged writes: " when rows are missing.
     */
    Verdict verdict(Rows before, Rows after) {
        long orders = after.orders() - before.orders();
        long history = after.history() - before.history();
        long ackOrders = newOrders.sum();
        long ackPayments = payments.sum();
        long doubtOrders = newOrdersInDoubt.sum();
        long doubtPayments = paymentsInDoubt.sum();
        boolean ok = orders >= ackOrders && orders <= ackOrders + doubtOrders
                && history >= ackPayments && history <= ackPayments + doubtPayments;
        long lostOrders = Math.max(0, ackOrders - orders);
        long lostPayments = Math.max(0, ackPayments - history);
        String detail = "orders +" + orders + " rows, new orders acknowledged " + ackOrders
                + (doubtOrders > 0 ? " (+ up to " + doubtOrders + " in doubt)" : "") + "; history +" + history
                + " rows, payments acknowledged " + ackPayments + (doubtPayments > 0 ? " (+ up to " + doubtPayments + " in doubt)" : "");
        if (lostOrders + lostPayments > 0) {
            detail = "lost " + (lostOrders + lostPayments) + " acknowledged writes (" + lostOrders + " new orders, "
                    + lostPayments + " payments): " + detail;
        }
        return new Verdict(ok, detail);
    }

    record Verdict(boolean ok, String detail) {
    }
}
