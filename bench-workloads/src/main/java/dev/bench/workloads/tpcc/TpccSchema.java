package dev.bench.workloads.tpcc;

import dev.bench.core.BenchException;
import dev.bench.core.jdbc.Dialect;

import java.util.ArrayList;
import java.util.List;

/**
 * TPC-C's nine tables (clause 1.3) for one dialect, in three steps so that loading is fast: tables
 * without keys (MySQL: with the primary key, since InnoDB clusters rows by it and re-building a
 * loaded table would cost more than loading in key order), then primary keys and secondary indexes
 * (each statement independent of the others, so they can be built in parallel), then foreign keys.
 * Column types are the standard's: taxes and discounts DECIMAL(4,4), money DECIMAL(12,2) or (6,2).
 */
final class TpccSchema {

    private final Dialect dialect;
    private final TpccTables t;

    TpccSchema(Dialect dialect, TpccTables tables) {
        if (dialect == Dialect.MSSQL) {
            throw new BenchException("tpcc runs on PostgreSQL, MySQL/MariaDB and H2; SQL Server is not built yet");
        }
        this.dialect = dialect;
        this.t = tables;
    }

    /** CREATE TABLE statements, referenced tables first. */
    List<String> createTables() {
        String ts = dialect == Dialect.MYSQL ? "DATETIME" : "TIMESTAMP";
        List<String> ddl = new ArrayList<>();
        ddl.add(table(t.warehouse(), "w_id INT NOT NULL, w_name VARCHAR(10), w_street_1 VARCHAR(20), w_street_2 VARCHAR(20),"
                + " w_city VARCHAR(20), w_state CHAR(2), w_zip CHAR(9), w_tax DECIMAL(4,4), w_ytd DECIMAL(12,2)", "w_id"));
        ddl.add(table(t.district(), "d_id INT NOT NULL, d_w_id INT NOT NULL, d_name VARCHAR(10), d_street_1 VARCHAR(20),"
                + " d_street_2 VARCHAR(20), d_city VARCHAR(20), d_state CHAR(2), d_zip CHAR(9), d_tax DECIMAL(4,4),"
                + " d_ytd DECIMAL(12,2), d_next_o_id INT", "d_w_id, d_id"));
        ddl.add(table(t.customer(), "c_id INT NOT NULL, c_d_id INT NOT NULL, c_w_id INT NOT NULL, c_first VARCHAR(16),"
                + " c_middle CHAR(2), c_last VARCHAR(16), c_street_1 VARCHAR(20), c_street_2 VARCHAR(20), c_city VARCHAR(20),"
                + " c_state CHAR(2), c_zip CHAR(9), c_phone CHAR(16), c_since " + ts + ", c_credit CHAR(2),"
                + " c_credit_lim DECIMAL(12,2), c_discount DECIMAL(4,4), c_balance DECIMAL(12,2), c_ytd_payment DECIMAL(12,2),"
                + " c_payment_cnt INT, c_delivery_cnt INT, c_data VARCHAR(500)", "c_w_id, c_d_id, c_id"));
        ddl.add(table(t.history(), "h_c_id INT, h_c_d_id INT, h_c_w_id INT, h_d_id INT, h_w_id INT, h_date " + ts + ","
                + " h_amount DECIMAL(6,2), h_data VARCHAR(24)", null));
        ddl.add(table(t.orders(), "o_id INT NOT NULL, o_d_id INT NOT NULL, o_w_id INT NOT NULL, o_c_id INT, o_entry_d " + ts + ","
                + " o_carrier_id INT, o_ol_cnt INT, o_all_local INT", "o_w_id, o_d_id, o_id"));
        ddl.add(table(t.newOrders(), "no_o_id INT NOT NULL, no_d_id INT NOT NULL, no_w_id INT NOT NULL",
                "no_w_id, no_d_id, no_o_id"));
        ddl.add(table(t.orderLine(), "ol_o_id INT NOT NULL, ol_d_id INT NOT NULL, ol_w_id INT NOT NULL, ol_number INT NOT NULL,"
                + " ol_i_id INT, ol_supply_w_id INT, ol_delivery_d " + ts + ", ol_quantity INT, ol_amount DECIMAL(6,2),"
                + " ol_dist_info CHAR(24)", "ol_w_id, ol_d_id, ol_o_id, ol_number"));
        StringBuilder dists = new StringBuilder();
        for (int d = 1; d <= 10; d++) {
            dists.append(String.format(" s_dist_%02d CHAR(24),", d));
        }
        ddl.add(table(t.stock(), "s_i_id INT NOT NULL, s_w_id INT NOT NULL, s_quantity INT," + dists
                + " s_ytd DECIMAL(8,0), s_order_cnt INT, s_remote_cnt INT, s_data VARCHAR(50)", "s_w_id, s_i_id"));
        ddl.add(table(t.item(), "i_id INT NOT NULL, i_im_id INT, i_name VARCHAR(24), i_price DECIMAL(5,2), i_data VARCHAR(50)",
                "i_id"));
        return ddl;
    }

    private String table(String name, String columns, String primaryKey) {
        if (dialect == Dialect.MYSQL) {
            return "CREATE TABLE " + name + " (" + columns + (primaryKey != null ? ", PRIMARY KEY (" + primaryKey + ")" : "")
                    + ") ENGINE=InnoDB";
        }
        return "CREATE TABLE " + name + " (" + columns + ")";
    }

    /** Primary keys (not MySQL: there they came with the table) and the indexes the transactions need. */
    List<String> indexes() {
        List<String> ddl = new ArrayList<>();
        if (dialect != Dialect.MYSQL) {
            ddl.add(primaryKey(t.orderLine(), "ol_w_id, ol_d_id, ol_o_id, ol_number"));
            ddl.add(primaryKey(t.stock(), "s_w_id, s_i_id"));
            ddl.add(primaryKey(t.customer(), "c_w_id, c_d_id, c_id"));
            ddl.add(primaryKey(t.orders(), "o_w_id, o_d_id, o_id"));
            ddl.add(primaryKey(t.newOrders(), "no_w_id, no_d_id, no_o_id"));
            ddl.add(primaryKey(t.item(), "i_id"));
            ddl.add(primaryKey(t.district(), "d_w_id, d_id"));
            ddl.add(primaryKey(t.warehouse(), "w_id"));
        }
        // Payment and Order-Status find customers by last name; Order-Status finds a customer's newest order.
        ddl.add("CREATE INDEX idx_" + t.customer() + " ON " + t.customer() + " (c_w_id, c_d_id, c_last, c_first)");
        ddl.add("CREATE INDEX idx_" + t.orders() + " ON " + t.orders() + " (o_w_id, o_d_id, o_c_id, o_id)");
        return ddl;
    }

    private static String primaryKey(String table, String columns) {
        return "ALTER TABLE " + table + " ADD PRIMARY KEY (" + columns + ")";
    }

    /** sysbench-tpcc's foreign keys ({@code --use-fk}); each needs the referenced primary key to exist. */
    List<String> foreignKeys() {
        List<String> ddl = new ArrayList<>();
        // Longest validations first (3 million order lines): foreign keys of one table are added one at a time.
        ddl.add(foreignKey(t.orderLine(), "o", "ol_w_id, ol_d_id, ol_o_id", t.orders(), "o_w_id, o_d_id, o_id"));
        ddl.add(foreignKey(t.orderLine(), "s", "ol_supply_w_id, ol_i_id", t.stock(), "s_w_id, s_i_id"));
        ddl.add(foreignKey(t.stock(), "i", "s_i_id", t.item(), "i_id"));
        ddl.add(foreignKey(t.history(), "c", "h_c_w_id, h_c_d_id, h_c_id", t.customer(), "c_w_id, c_d_id, c_id"));
        ddl.add(foreignKey(t.orders(), "c", "o_w_id, o_d_id, o_c_id", t.customer(), "c_w_id, c_d_id, c_id"));
        ddl.add(foreignKey(t.stock(), "w", "s_w_id", t.warehouse(), "w_id"));
        ddl.add(foreignKey(t.history(), "d", "h_w_id, h_d_id", t.district(), "d_w_id, d_id"));
        ddl.add(foreignKey(t.customer(), "d", "c_w_id, c_d_id", t.district(), "d_w_id, d_id"));
        ddl.add(foreignKey(t.newOrders(), "o", "no_w_id, no_d_id, no_o_id", t.orders(), "o_w_id, o_d_id, o_id"));
        ddl.add(foreignKey(t.district(), "w", "d_w_id", t.warehouse(), "w_id"));
        return ddl;
    }

    private static String foreignKey(String table, String tag, String columns, String referenced, String referencedColumns) {
        return "ALTER TABLE " + table + " ADD CONSTRAINT fk_" + table + "_" + tag + " FOREIGN KEY (" + columns
                + ") REFERENCES " + referenced + " (" + referencedColumns + ")";
    }
}
