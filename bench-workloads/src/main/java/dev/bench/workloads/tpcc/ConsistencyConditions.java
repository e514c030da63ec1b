package dev.bench.workloads.tpcc;

import java.util.List;

/**
 * TPC-C's consistency conditions (clause 3.3.2) as set-based SQL, one query per condition over one
 * table set. Each query returns rows (warehouse, violations) for warehouses where the condition fails
 * somewhere; a warehouse with no row passes. COALESCE makes a missing side count as zero, so a customer
 * with no deliveries or a district with no orders cannot pass by comparing with NULL.
 */
final class ConsistencyConditions {

    /** What {@code check} runs after a run; 11 holds only until the first Delivery, so prepare runs it. */
    static final List<Integer> AFTER_RUN = List.of(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 12);
    static final List<Integer> AFTER_LOAD = List.of(11);

    private ConsistencyConditions() {
    }

    /** The query for condition n; 10 and 12 share one query whose two count columns are 10's and 12's. */
    static String sql(int condition, TpccTables t) {
        String w = t.warehouse();
        String d = t.district();
        String o = t.orders();
        String no = t.newOrders();
        String ol = t.orderLine();
        String h = t.history();
        return switch (condition) {
            case 1 -> "SELECT w.w_id, COUNT(*) FROM " + w + " w LEFT JOIN (SELECT d_w_id, SUM(d_ytd) s FROM " + d
                    + " GROUP BY d_w_id) x ON x.d_w_id = w.w_id WHERE x.s IS NULL OR w.w_ytd <> x.s GROUP BY w.w_id";
            case 2 -> "SELECT d.d_w_id, COUNT(*) FROM " + d + " d"
                    + " LEFT JOIN (SELECT o_w_id, o_d_id, MAX(o_id) m FROM " + o + " GROUP BY o_w_id, o_d_id) x"
                    + " ON x.o_w_id = d.d_w_id AND x.o_d_id = d.d_id"
                    + " LEFT JOIN (SELECT no_w_id, no_d_id, MAX(no_o_id) m FROM " + no + " GROUP BY no_w_id, no_d_id) y"
                    + " ON y.no_w_id = d.d_w_id AND y.no_d_id = d.d_id"
                    + " WHERE x.m IS NULL OR d.d_next_o_id - 1 <> x.m OR (y.m IS NOT NULL AND y.m <> x.m) GROUP BY d.d_w_id";
            case 3 -> "SELECT no_w_id, COUNT(*) FROM (SELECT no_w_id, no_d_id FROM " + no + " GROUP BY no_w_id, no_d_id"
                    + " HAVING MAX(no_o_id) - MIN(no_o_id) + 1 <> COUNT(*)) x GROUP BY no_w_id";
            case 4 -> "SELECT d.d_w_id, COUNT(*) FROM " + d + " d"
                    + " LEFT JOIN (SELECT o_w_id, o_d_id, SUM(o_ol_cnt) s FROM " + o + " GROUP BY o_w_id, o_d_id) x"
                    + " ON x.o_w_id = d.d_w_id AND x.o_d_id = d.d_id"
                    + " LEFT JOIN (SELECT ol_w_id, ol_d_id, COUNT(*) n FROM " + ol + " GROUP BY ol_w_id, ol_d_id) y"
                    + " ON y.ol_w_id = d.d_w_id AND y.ol_d_id = d.d_id"
                    + " WHERE COALESCE(x.s, 0) <> COALESCE(y.n, 0) GROUP BY d.d_w_id";
            case 5 -> "SELECT o.o_w_id, COUNT(*) FROM " + o + " o LEFT JOIN " + no + " n"
                    + " ON n.no_w_id = o.o_w_id AND n.no_d_id = o.o_d_id AND n.no_o_id = o.o_id"
                    + " WHERE (o.o_carrier_id IS NULL AND n.no_o_id IS NULL) OR (o.o_carrier_id IS NOT NULL AND n.no_o_id IS NOT NULL)"
                    + " GROUP BY o.o_w_id"
                    + " UNION ALL SELECT n.no_w_id, COUNT(*) FROM " + no + " n LEFT JOIN " + o + " o"
                    + " ON o.o_w_id = n.no_w_id AND o.o_d_id = n.no_d_id AND o.o_id = n.no_o_id WHERE o.o_id IS NULL"
                    + " GROUP BY n.no_w_id";
            case 6 -> "SELECT o.o_w_id, COUNT(*) FROM " + o + " o"
                    + " LEFT JOIN (SELECT ol_w_id, ol_d_id, ol_o_id, COUNT(*) n FROM " + ol + " GROUP BY ol_w_id, ol_d_id, ol_o_id) x"
                    + " ON x.ol_w_id = o.o_w_id AND x.ol_d_id = o.o_d_id AND x.ol_o_id = o.o_id"
                    + " WHERE COALESCE(x.n, 0) <> o.o_ol_cnt GROUP BY o.o_w_id";
            case 7 -> "SELECT o.o_w_id, COUNT(*) FROM " + o + " o JOIN " + ol + " l"
                    + " ON l.ol_w_id = o.o_w_id AND l.ol_d_id = o.o_d_id AND l.ol_o_id = o.o_id"
                    + " WHERE (l.ol_delivery_d IS NULL AND o.o_carrier_id IS NOT NULL)"
                    + " OR (l.ol_delivery_d IS NOT NULL AND o.o_carrier_id IS NULL) GROUP BY o.o_w_id";
            case 8 -> "SELECT w.w_id, COUNT(*) FROM " + w + " w LEFT JOIN (SELECT h_w_id, SUM(h_amount) s FROM " + h
                    + " GROUP BY h_w_id) x ON x.h_w_id = w.w_id WHERE w.w_ytd <> COALESCE(x.s, 0) GROUP BY w.w_id";
            case 9 -> "SELECT d.d_w_id, COUNT(*) FROM " + d + " d LEFT JOIN (SELECT h_w_id, h_d_id, SUM(h_amount) s FROM " + h
                    + " GROUP BY h_w_id, h_d_id) x ON x.h_w_id = d.d_w_id AND x.h_d_id = d.d_id"
                    + " WHERE d.d_ytd <> COALESCE(x.s, 0) GROUP BY d.d_w_id";
            case 10, 12 -> "SELECT c.c_w_id,"
                    + " SUM(CASE WHEN c.c_balance <> COALESCE(x.s, 0) - COALESCE(y.s, 0) THEN 1 ELSE 0 END),"
                    + " SUM(CASE WHEN c.c_balance + c.c_ytd_payment <> COALESCE(x.s, 0) THEN 1 ELSE 0 END)"
                    + " FROM " + t.customer() + " c"
                    + " LEFT JOIN (SELECT o.o_w_id cw, o.o_d_id cd, o.o_c_id cid, SUM(l.ol_amount) s FROM " + o + " o JOIN " + ol + " l"
                    + " ON l.ol_w_id = o.o_w_id AND l.ol_d_id = o.o_d_id AND l.ol_o_id = o.o_id"
                    + " WHERE l.ol_delivery_d IS NOT NULL GROUP BY o.o_w_id, o.o_d_id, o.o_c_id) x"
                    + " ON x.cw = c.c_w_id AND x.cd = c.c_d_id AND x.cid = c.c_id"
                    + " LEFT JOIN (SELECT h_c_w_id cw, h_c_d_id cd, h_c_id cid, SUM(h_amount) s FROM " + h
                    + " GROUP BY h_c_w_id, h_c_d_id, h_c_id) y ON y.cw = c.c_w_id AND y.cd = c.c_d_id AND y.cid = c.c_id"
                    + " GROUP BY c.c_w_id";
            case 11 -> "SELECT d.d_w_id, COUNT(*) FROM " + d + " d"
                    + " LEFT JOIN (SELECT o_w_id, o_d_id, COUNT(*) n FROM " + o + " GROUP BY o_w_id, o_d_id) x"
                    + " ON x.o_w_id = d.d_w_id AND x.o_d_id = d.d_id"
                    + " LEFT JOIN (SELECT no_w_id, no_d_id, COUNT(*) n FROM " + no + " GROUP BY no_w_id, no_d_id) y"
                    + " ON y.no_w_id = d.d_w_id AND y.no_d_id = d.d_id"
                    + " WHERE COALESCE(x.n, 0) - COALESCE(y.n, 0) <> " + (TpccPopulation.FIRST_NEW_ORDER - 1)
                    + " GROUP BY d.d_w_id";
            default -> throw new IllegalArgumentException("no consistency condition " + condition);
        };
    }
}
