package dev.bench.workloads.tpcc;

import dev.bench.core.random.SplitMix64;

import java.math.BigDecimal;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.util.Arrays;

import static dev.bench.workloads.tpcc.TpccRandom.uniform;

/**
 * The New-Order transaction (clause 2.4). Items are drawn with NURand; each comes from a remote
 * warehouse with probability 1% (when there is more than one). In 1% of transactions the last item
 * is an unused id: the transaction reads everything up to it, then rolls back, as the standard says;
 * the engine counts it as an expected rejection.
 *
 * <p>Lines are processed in (item, supply warehouse) order, so concurrent New-Orders lock stock rows
 * in one global order and cannot deadlock on them; the unused id sorts last.
 */
final class NewOrder {

    private NewOrder() {
    }

    /** @return false when the transaction rolled back on its unused item */
    static boolean run(TpccSession s, SplitMix64 r, int w) throws SQLException {
        int d = uniform(r, 1, 10);
        int c = TpccRandom.customerId(r);
        int lines = uniform(r, 5, 15);
        boolean rollback = uniform(r, 1, 100) == 1;
        long[] items = new long[lines]; // item << 32 | supply warehouse << 8 | quantity
        boolean allLocal = true;
        for (int i = 0; i < lines; i++) {
            long item = rollback && i == lines - 1 ? TpccPopulation.ITEMS + 1 : TpccRandom.itemId(r);
            int supply = w;
            if (s.scale > 1 && uniform(r, 1, 100) == 1) {
                supply = s.otherWarehouse(r, w);
                allLocal = false;
            }
            items[i] = item << 32 | (long) supply << 8 | uniform(r, 1, 10);
        }
        Arrays.sort(items);

        // Discount and taxes make the total shown to the terminal (clause 2.4.3.5), which nothing stores.
        try (ResultSet rs = s.query(TpccSql.NO_CUSTOMER, w, d, c)) {
            rs.next();
        }
        try (ResultSet rs = s.query(TpccSql.NO_WAREHOUSE, w)) {
            rs.next();
        }
        int orderId;
        try (ResultSet rs = s.query(TpccSql.NO_DISTRICT, w, d)) {
            rs.next();
            orderId = rs.getInt(1);
        }
        PreparedStatement district = s.ps(TpccSql.NO_DISTRICT_UPDATE);
        district.setInt(1, orderId + 1);
        district.setInt(2, w);
        district.setInt(3, d);
        s.update(district);
        insertOrder(s, w, d, c, orderId, lines, allLocal);

        PreparedStatement stockUpdate = s.ps(TpccSql.NO_STOCK_UPDATE);
        PreparedStatement lineInsert = s.ps(TpccSql.NO_LINE_INSERT);
        stockUpdate.clearBatch(); // an attempt that failed midway may have left its lines here
        lineInsert.clearBatch();
        for (int n = 1; n <= lines; n++) {
            long packed = items[n - 1];
            int item = (int) (packed >>> 32);
            int supply = (int) (packed >>> 8 & 0xFFFFFF);
            int quantity = (int) (packed & 0xFF);
            BigDecimal price;
            try (ResultSet rs = s.query(TpccSql.NO_ITEM, item)) {
                if (!rs.next()) {
                    return false;
                }
                price = rs.getBigDecimal(1);
            }
            String distInfo;
            try (ResultSet rs = s.query(TpccSql.NO_STOCK, item, supply)) {
                rs.next();
                int stock = rs.getInt(1);
                distInfo = rs.getString(2 + d);
                stockUpdate.setInt(1, stock >= quantity + 10 ? stock - quantity : stock - quantity + 91);
            }
            stockUpdate.setInt(2, quantity);
            stockUpdate.setInt(3, supply == w ? 0 : 1);
            stockUpdate.setInt(4, item);
            stockUpdate.setInt(5, supply);
            stockUpdate.addBatch();
            int[] key = {orderId, d, w, n, item, supply, quantity};
            for (int i = 0; i < key.length; i++) {
                lineInsert.setInt(i + 1, key[i]);
            }
            lineInsert.setBigDecimal(8, price.multiply(BigDecimal.valueOf(quantity)));
            lineInsert.setString(9, distInfo);
            lineInsert.addBatch();
        }
        s.executeBatch(stockUpdate);
        s.executeBatch(lineInsert);
        return true;
    }

    private static void insertOrder(TpccSession s, int w, int d, int c, int orderId, int lines, boolean allLocal)
            throws SQLException {
        PreparedStatement order = s.ps(TpccSql.NO_ORDER_INSERT);
        order.setInt(1, orderId);
        order.setInt(2, d);
        order.setInt(3, w);
        order.setInt(4, c);
        order.setTimestamp(5, new Timestamp(System.currentTimeMillis()));
        order.setInt(6, lines);
        order.setInt(7, allLocal ? 1 : 0);
        s.update(order);
        PreparedStatement newOrder = s.ps(TpccSql.NO_NEW_ORDER_INSERT);
        newOrder.setInt(1, orderId);
        newOrder.setInt(2, d);
        newOrder.setInt(3, w);
        s.update(newOrder);
    }
}
