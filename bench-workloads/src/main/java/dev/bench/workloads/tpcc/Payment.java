package dev.bench.workloads.tpcc;

import dev.bench.core.random.SplitMix64;

import java.math.BigDecimal;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;

import static dev.bench.workloads.tpcc.TpccRandom.uniform;

/**
 * The Payment transaction (clause 2.5): 85% of customers pay at their home warehouse, 15% at another
 * one (when there is more than one); 60% are found by last name. Bad-credit customers get the payment
 * prepended to their c_data.
 */
final class Payment {

    private static final int C_DATA_MAX = 500;

    private Payment() {
    }

    static boolean run(TpccSession s, SplitMix64 r, int w) throws SQLException {
        int d = uniform(r, 1, 10);
        int customerWarehouse = w;
        int customerDistrict = d;
        if (s.scale > 1 && uniform(r, 1, 100) > 85) {
            customerWarehouse = s.otherWarehouse(r, w);
            customerDistrict = uniform(r, 1, 10);
        }
        boolean byName = uniform(r, 1, 100) <= 60;
        String lastName = byName ? TpccRandom.runLastName(r) : null;
        int customerId = byName ? 0 : TpccRandom.customerId(r);
        BigDecimal amount = BigDecimal.valueOf(uniform(r, 100, 500_000), 2);

        PreparedStatement warehouse = s.ps(TpccSql.PAY_WAREHOUSE_UPDATE);
        warehouse.setBigDecimal(1, amount);
        warehouse.setInt(2, w);
        s.update(warehouse);
        String warehouseName;
        try (ResultSet rs = s.query(TpccSql.PAY_WAREHOUSE, w)) {
            rs.next();
            warehouseName = rs.getString(6);
        }
        PreparedStatement district = s.ps(TpccSql.PAY_DISTRICT_UPDATE);
        district.setBigDecimal(1, amount);
        district.setInt(2, w);
        district.setInt(3, d);
        s.update(district);
        String districtName;
        try (ResultSet rs = s.query(TpccSql.PAY_DISTRICT, w, d)) {
            rs.next();
            districtName = rs.getString(6);
        }
        if (byName) {
            customerId = s.customerByName(customerWarehouse, customerDistrict, lastName);
        }
        String credit;
        try (ResultSet rs = s.query(TpccSql.PAY_CUSTOMER, customerWarehouse, customerDistrict, customerId)) {
            rs.next();
            credit = rs.getString(11);
        }
        if ("BC".equals(credit)) {
            String data;
            try (ResultSet rs = s.query(TpccSql.PAY_CUSTOMER_DATA, customerWarehouse, customerDistrict, customerId)) {
                rs.next();
                data = rs.getString(1);
            }
            String entry = customerId + " " + customerDistrict + " " + customerWarehouse + " " + d + " " + w + " "
                    + amount.toPlainString() + "|";
            String updated = entry + (data == null ? "" : data);
            PreparedStatement update = s.ps(TpccSql.PAY_CUSTOMER_UPDATE_BC);
            update.setBigDecimal(1, amount);
            update.setBigDecimal(2, amount);
            update.setString(3, updated.length() > C_DATA_MAX ? updated.substring(0, C_DATA_MAX) : updated);
            bindCustomer(update, 4, customerWarehouse, customerDistrict, customerId);
            s.update(update);
        } else {
            PreparedStatement update = s.ps(TpccSql.PAY_CUSTOMER_UPDATE);
            update.setBigDecimal(1, amount);
            update.setBigDecimal(2, amount);
            bindCustomer(update, 3, customerWarehouse, customerDistrict, customerId);
            s.update(update);
        }
        PreparedStatement history = s.ps(TpccSql.PAY_HISTORY_INSERT);
        history.setInt(1, customerId);
        history.setInt(2, customerDistrict);
        history.setInt(3, customerWarehouse);
        history.setInt(4, d);
        history.setInt(5, w);
        history.setTimestamp(6, new Timestamp(System.currentTimeMillis()));
        history.setBigDecimal(7, amount);
        history.setString(8, warehouseName + "    " + districtName);
        s.update(history);
        return true;
    }

    private static void bindCustomer(PreparedStatement ps, int first, int w, int d, int c) throws SQLException {
        ps.setInt(first, w);
        ps.setInt(first + 1, d);
        ps.setInt(first + 2, c);
    }
}
