package dev.bench.workloads.tpcc;

import dev.bench.core.random.SplitMix64;

import java.sql.SQLException;

import static dev.bench.workloads.tpcc.TpccRandom.aString;
import static dev.bench.workloads.tpcc.TpccRandom.nString;
import static dev.bench.workloads.tpcc.TpccRandom.state;
import static dev.bench.workloads.tpcc.TpccRandom.uniform;
import static dev.bench.workloads.tpcc.TpccRandom.zip;

/**
 * The initial database population of clause 4.3.3.1, one method per table and warehouse, each
 * writing its rows to a {@link RowSink}. Every part draws from its own generator seeded from
 * (table, warehouse), so parts can be loaded in any order and in parallel and still give the same data.
 */
final class TpccPopulation {

    static final int ITEMS = 100_000;
    static final int DISTRICTS = 10;
    static final int CUSTOMERS = 3000;
    static final int ORDERS = 3000;
    /** Orders from this id on are undelivered and have a NEW-ORDER row. */
    static final int FIRST_NEW_ORDER = 2101;

    private TpccPopulation() {
    }

    static SplitMix64 random(String part, int warehouse) {
        return new SplitMix64(SplitMix64.mix(part.hashCode() * 0x9E3779B97F4A7C15L + warehouse));
    }

    static void items(RowSink s) throws SQLException {
        SplitMix64 r = random("item", 0);
        for (int i = 1; i <= ITEMS; i++) {
            s.add(i).add(uniform(r, 1, 10_000)).add(aString(r, 14, 24)).addDecimal(uniform(r, 100, 10_000), 2)
                    .add(TpccRandom.data(r));
            s.endRow();
        }
    }

    static void warehouse(RowSink s, int w) throws SQLException {
        SplitMix64 r = random("warehouse", w);
        s.add(w).add(aString(r, 6, 10));
        address(s, r);
        s.addDecimal(uniform(r, 0, 2000), 4).addDecimal(30_000_000L, 2);
        s.endRow();
    }

    static void districts(RowSink s, int w) throws SQLException {
        SplitMix64 r = random("district", w);
        for (int d = 1; d <= DISTRICTS; d++) {
            s.add(d).add(w).add(aString(r, 6, 10));
            address(s, r);
            s.addDecimal(uniform(r, 0, 2000), 4).addDecimal(3_000_000L, 2).add(ORDERS + 1);
            s.endRow();
        }
    }

    private static void address(RowSink s, SplitMix64 r) {
        s.add(aString(r, 10, 20)).add(aString(r, 10, 20)).add(aString(r, 10, 20)).add(state(r)).add(zip(r));
    }

    static void stock(RowSink s, int w) throws SQLException {
        SplitMix64 r = random("stock", w);
        for (int i = 1; i <= ITEMS; i++) {
            s.add(i).add(w).add(uniform(r, 10, 100));
            for (int d = 0; d < DISTRICTS; d++) {
                s.add(aString(r, 24, 24));
            }
            s.add(0).add(0).add(0).add(TpccRandom.data(r));
            s.endRow();
        }
    }

    static void customers(RowSink s, int w) throws SQLException {
        SplitMix64 r = random("customer", w);
        for (int d = 1; d <= DISTRICTS; d++) {
            for (int c = 1; c <= CUSTOMERS; c++) {
                int lastName = c <= 1000 ? c - 1 : TpccRandom.nuRand(r, 255, 0, 999, TpccRandom.C_LAST_LOAD);
                s.add(c).add(d).add(w).add(aString(r, 8, 16)).add("OE").add(TpccRandom.lastName(lastName));
                address(s, r);
                s.add(nString(r, 16, 16)).addTimestamp().add(r.nextInt(10) == 0 ? "BC" : "GC")
                        .addDecimal(5_000_000L, 2).addDecimal(uniform(r, 0, 5000), 4).addDecimal(-1000, 2)
                        .addDecimal(1000, 2).add(1).add(0).add(aString(r, 300, 500));
                s.endRow();
            }
        }
    }

    static void history(RowSink s, int w) throws SQLException {
        SplitMix64 r = random("history", w);
        for (int d = 1; d <= DISTRICTS; d++) {
            for (int c = 1; c <= CUSTOMERS; c++) {
                s.add(c).add(d).add(w).add(d).add(w).addTimestamp().addDecimal(1000, 2).add(aString(r, 12, 24));
                s.endRow();
            }
        }
    }

    /** Lines per order (5..15) for one warehouse's orders, [district-1][order-1]: orders and order_line agree. */
    static int[][] lineCounts(int w) {
        SplitMix64 r = random("ol_cnt", w);
        int[][] counts = new int[DISTRICTS][ORDERS];
        for (int[] district : counts) {
            for (int o = 0; o < ORDERS; o++) {
                district[o] = uniform(r, 5, 15);
            }
        }
        return counts;
    }

    static void orders(RowSink s, int w, int[][] lineCounts) throws SQLException {
        SplitMix64 r = random("orders", w);
        int[] customers = new int[CUSTOMERS];
        for (int d = 1; d <= DISTRICTS; d++) {
            permutation(r, customers);
            for (int o = 1; o <= ORDERS; o++) {
                s.add(o).add(d).add(w).add(customers[o - 1]).addTimestamp();
                if (o < FIRST_NEW_ORDER) {
                    s.add(uniform(r, 1, 10));
                } else {
                    s.addNull();
                }
                s.add(lineCounts[d - 1][o - 1]).add(1);
                s.endRow();
            }
        }
    }

    /** O_C_ID is a random permutation of 1..3000 in each district. */
    private static void permutation(SplitMix64 r, int[] into) {
        for (int i = 0; i < into.length; i++) {
            into[i] = i + 1;
        }
        for (int i = into.length - 1; i > 0; i--) {
            int j = r.nextInt(i + 1);
            int swap = into[i];
            into[i] = into[j];
            into[j] = swap;
        }
    }

    static void orderLines(RowSink s, int w, int[][] lineCounts) throws SQLException {
        SplitMix64 r = random("order_line", w);
        for (int d = 1; d <= DISTRICTS; d++) {
            for (int o = 1; o <= ORDERS; o++) {
                boolean delivered = o < FIRST_NEW_ORDER;
                for (int n = 1; n <= lineCounts[d - 1][o - 1]; n++) {
                    s.add(o).add(d).add(w).add(n).add(uniform(r, 1, ITEMS)).add(w);
                    if (delivered) {
                        s.addTimestamp();
                    } else {
                        s.addNull();
                    }
                    s.add(5).addDecimal(delivered ? 0 : uniform(r, 1, 999_999), 2).add(aString(r, 24, 24));
                    s.endRow();
                }
            }
        }
    }

    static void newOrders(RowSink s, int w) throws SQLException {
        for (int d = 1; d <= DISTRICTS; d++) {
            for (int o = FIRST_NEW_ORDER; o <= ORDERS; o++) {
                s.add(o).add(d).add(w);
                s.endRow();
            }
        }
    }
}
