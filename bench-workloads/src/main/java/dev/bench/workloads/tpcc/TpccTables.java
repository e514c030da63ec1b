package dev.bench.workloads.tpcc;

import java.util.ArrayList;
import java.util.List;

/**
 * The names of one set of the nine TPC-C tables. As in sysbench-tpcc, {@code --tables N} makes N
 * independent copies of the schema, each table name suffixed with its set number (warehouse1,
 * district1, ...).
 */
record TpccTables(int set) {

    static final List<String> BASE_NAMES = List.of("warehouse", "district", "customer", "history", "orders",
            "new_orders", "order_line", "stock", "item");

    String warehouse() {
        return "warehouse" + set;
    }

    String district() {
        return "district" + set;
    }

    String customer() {
        return "customer" + set;
    }

    String history() {
        return "history" + set;
    }

    String orders() {
        return "orders" + set;
    }

    String newOrders() {
        return "new_orders" + set;
    }

    String orderLine() {
        return "order_line" + set;
    }

    String stock() {
        return "stock" + set;
    }

    String item() {
        return "item" + set;
    }

    List<String> names() {
        return BASE_NAMES.stream().map(n -> n + set).toList();
    }

    /** Every table of sets 1..tables, referencing tables last so they can be dropped in this order. */
    static List<String> all(int tables) {
        List<String> all = new ArrayList<>();
        for (int set = 1; set <= tables; set++) {
            for (String name : List.of("history", "new_orders", "order_line", "orders", "customer", "district",
                    "stock", "item", "warehouse")) {
                all.add(name + set);
            }
        }
        return all;
    }
}
