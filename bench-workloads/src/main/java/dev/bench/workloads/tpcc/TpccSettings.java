package dev.bench.workloads.tpcc;

import dev.bench.core.BenchException;

import java.sql.Connection;
import java.util.Locale;

/**
 * sysbench-tpcc's data options, validated once.
 *
 * @param scale     warehouses per table set
 * @param tables    table sets (schema copies, names suffixed 1..tables)
 * @param useFk     create the foreign keys after loading
 * @param isolation JDBC isolation level of the transactions ({@link #isolation(String)})
 */
public record TpccSettings(int scale, int tables, boolean useFk, int isolation) {

    public TpccSettings {
        if (scale < 1) {
            throw new BenchException("--scale must be >= 1 warehouse, got " + scale);
        }
        if (tables < 1) {
            throw new BenchException("--tables must be >= 1, got " + tables);
        }
    }

    /** sysbench-tpcc's --trx-level: RR (its default), RC or SER; the full names are accepted too. */
    public static int isolation(String level) {
        String l = level == null ? "" : level.trim().toUpperCase(Locale.ROOT).replace('-', ' ').replace('_', ' ');
        return switch (l) {
            case "RR", "REPEATABLE READ" -> Connection.TRANSACTION_REPEATABLE_READ;
            case "RC", "READ COMMITTED" -> Connection.TRANSACTION_READ_COMMITTED;
            case "SER", "SERIALIZABLE" -> Connection.TRANSACTION_SERIALIZABLE;
            default -> throw new BenchException("--trx-level must be RR, RC or SER, got '" + level + "'");
        };
    }
}
