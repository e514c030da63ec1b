package dev.bench.workloads.tpcc;

import java.util.function.Function;

/**
 * The statements of the five transactions (clause 2), the same for PostgreSQL, MySQL/MariaDB and H2.
 * Rows a transaction will update are read FOR UPDATE, so under REPEATABLE READ a conflicting writer
 * waits for the lock (and PostgreSQL reports a serialization failure, which the engine retries)
 * instead of updating a stale value.
 */
enum TpccSql {
    NO_CUSTOMER(t -> "SELECT c_discount, c_last, c_credit FROM " + t.customer() + " WHERE c_w_id = ? AND c_d_id = ? AND c_id = ?"),
    NO_WAREHOUSE(t -> "SELECT w_tax FROM " + t.warehouse() + " WHERE w_id = ?"),
    NO_DISTRICT(t -> "SELECT d_next_o_id, d_tax FROM " + t.district() + " WHERE d_w_id = ? AND d_id = ? FOR UPDATE"),
    NO_DISTRICT_UPDATE(t -> "UPDATE " + t.district() + " SET d_next_o_id = ? WHERE d_w_id = ? AND d_id = ?"),
    NO_ORDER_INSERT(t -> "INSERT INTO " + t.orders() + " (o_id, o_d_id, o_w_id, o_c_id, o_entry_d, o_carrier_id, o_ol_cnt,"
            + " o_all_local) VALUES (?, ?, ?, ?, ?, NULL, ?, ?)"),
    NO_NEW_ORDER_INSERT(t -> "INSERT INTO " + t.newOrders() + " (no_o_id, no_d_id, no_w_id) VALUES (?, ?, ?)"),
    NO_ITEM(t -> "SELECT i_price, i_name, i_data FROM " + t.item() + " WHERE i_id = ?"),
    NO_STOCK(t -> "SELECT s_quantity, s_data, s_dist_01, s_dist_02, s_dist_03, s_dist_04, s_dist_05, s_dist_06, s_dist_07,"
            + " s_dist_08, s_dist_09, s_dist_10 FROM " + t.stock() + " WHERE s_i_id = ? AND s_w_id = ? FOR UPDATE"),
    NO_STOCK_UPDATE(t -> "UPDATE " + t.stock() + " SET s_quantity = ?, s_ytd = s_ytd + ?, s_order_cnt = s_order_cnt + 1,"
            + " s_remote_cnt = s_remote_cnt + ? WHERE s_i_id = ? AND s_w_id = ?"),
    NO_LINE_INSERT(t -> "INSERT INTO " + t.orderLine() + " (ol_o_id, ol_d_id, ol_w_id, ol_number, ol_i_id, ol_supply_w_id,"
            + " ol_delivery_d, ol_quantity, ol_amount, ol_dist_info) VALUES (?, ?, ?, ?, ?, ?, NULL, ?, ?, ?)"),

    PAY_WAREHOUSE_UPDATE(t -> "UPDATE " + t.warehouse() + " SET w_ytd = w_ytd + ? WHERE w_id = ?"),
    PAY_WAREHOUSE(t -> "SELECT w_street_1, w_street_2, w_city, w_state, w_zip, w_name FROM " + t.warehouse() + " WHERE w_id = ?"),
    PAY_DISTRICT_UPDATE(t -> "UPDATE " + t.district() + " SET d_ytd = d_ytd + ? WHERE d_w_id = ? AND d_id = ?"),
    PAY_DISTRICT(t -> "SELECT d_street_1, d_street_2, d_city, d_state, d_zip, d_name FROM " + t.district()
            + " WHERE d_w_id = ? AND d_id = ?"),
    CUSTOMER_BY_NAME(t -> "SELECT c_id FROM " + t.customer() + " WHERE c_w_id = ? AND c_d_id = ? AND c_last = ? ORDER BY c_first"),
    PAY_CUSTOMER(t -> "SELECT c_first, c_middle, c_last, c_street_1, c_street_2, c_city, c_state, c_zip, c_phone, c_since,"
            + " c_credit, c_credit_lim, c_discount, c_balance FROM " + t.customer()
            + " WHERE c_w_id = ? AND c_d_id = ? AND c_id = ? FOR UPDATE"),
    PAY_CUSTOMER_DATA(t -> "SELECT c_data FROM " + t.customer() + " WHERE c_w_id = ? AND c_d_id = ? AND c_id = ?"),
    PAY_CUSTOMER_UPDATE_BC(t -> "UPDATE " + t.customer() + " SET c_balance = c_balance - ?, c_ytd_payment = c_ytd_payment + ?,"
            + " c_payment_cnt = c_payment_cnt + 1, c_data = ? WHERE c_w_id = ? AND c_d_id = ? AND c_id = ?"),
    PAY_CUSTOMER_UPDATE(t -> "UPDATE " + t.customer() + " SET c_balance = c_balance - ?, c_ytd_payment = c_ytd_payment + ?,"
            + " c_payment_cnt = c_payment_cnt + 1 WHERE c_w_id = ? AND c_d_id = ? AND c_id = ?"),
    PAY_HISTORY_INSERT(t -> "INSERT INTO " + t.history() + " (h_c_id, h_c_d_id, h_c_w_id, h_d_id, h_w_id, h_date, h_amount,"
            + " h_data) VALUES (?, ?, ?, ?, ?, ?, ?, ?)"),

    OS_CUSTOMER(t -> "SELECT c_balance, c_first, c_middle, c_last FROM " + t.customer()
            + " WHERE c_w_id = ? AND c_d_id = ? AND c_id = ?"),
    OS_ORDER(t -> "SELECT o_id, o_entry_d, o_carrier_id FROM " + t.orders()
            + " WHERE o_w_id = ? AND o_d_id = ? AND o_c_id = ? ORDER BY o_id DESC LIMIT 1"),
    OS_LINES(t -> "SELECT ol_i_id, ol_supply_w_id, ol_quantity, ol_amount, ol_delivery_d FROM " + t.orderLine()
            + " WHERE ol_w_id = ? AND ol_d_id = ? AND ol_o_id = ?"),

    DL_NEW_ORDER(t -> "SELECT no_o_id FROM " + t.newOrders() + " WHERE no_w_id = ? AND no_d_id = ?"
            + " ORDER BY no_o_id LIMIT 1 FOR UPDATE"),
    DL_NEW_ORDER_DELETE(t -> "DELETE FROM " + t.newOrders() + " WHERE no_w_id = ? AND no_d_id = ? AND no_o_id = ?"),
    DL_ORDER(t -> "SELECT o_c_id FROM " + t.orders() + " WHERE o_w_id = ? AND o_d_id = ? AND o_id = ? FOR UPDATE"),
    DL_ORDER_UPDATE(t -> "UPDATE " + t.orders() + " SET o_carrier_id = ? WHERE o_w_id = ? AND o_d_id = ? AND o_id = ?"),
    DL_LINES_UPDATE(t -> "UPDATE " + t.orderLine() + " SET ol_delivery_d = ? WHERE ol_w_id = ? AND ol_d_id = ? AND ol_o_id = ?"),
    DL_LINES_SUM(t -> "SELECT SUM(ol_amount) FROM " + t.orderLine() + " WHERE ol_w_id = ? AND ol_d_id = ? AND ol_o_id = ?"),
    DL_CUSTOMER_UPDATE(t -> "UPDATE " + t.customer() + " SET c_balance = c_balance + ?, c_delivery_cnt = c_delivery_cnt + 1"
            + " WHERE c_w_id = ? AND c_d_id = ? AND c_id = ?"),

    SL_DISTRICT(t -> "SELECT d_next_o_id FROM " + t.district() + " WHERE d_w_id = ? AND d_id = ?"),
    SL_COUNT(t -> "SELECT COUNT(DISTINCT s.s_i_id) FROM " + t.orderLine() + " ol JOIN " + t.stock() + " s"
            + " ON s.s_w_id = ol.ol_w_id AND s.s_i_id = ol.ol_i_id"
            + " WHERE ol.ol_w_id = ? AND ol.ol_d_id = ? AND ol.ol_o_id < ? AND ol.ol_o_id >= ? AND s.s_quantity < ?");

    private final Function<TpccTables, String> sql;

    TpccSql(Function<TpccTables, String> sql) {
        this.sql = sql;
    }

    String sql(TpccTables tables) {
        return sql.apply(tables);
    }
}
