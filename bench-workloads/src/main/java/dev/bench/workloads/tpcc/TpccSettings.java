package dev.bench.workloads.tpcc;

import dev.bench.core.BenchException;
import dev.bench.core.InputErrors;
import dev.bench.core.settings.Require;
import dev.bench.core.settings.SettingNames;

import java.sql.Connection;
import java.util.Locale;

/**
 * sysbench-tpcc's data options, checked by {@link #validate}.
 *
 * @param scale     warehouses per table set
 * @param tables    table sets (schema copies, names suffixed 1..tables)
 * @param useFk     create the foreign keys after loading
 * @param isolation JDBC isolation level of the transactions ({@link #isolation(String, String)})
 */
public record TpccSettings(int scale, int tables, boolean useFk, int isolation) {

    /** sysbench-tpcc's defaults. */
    public static final int SCALE = 100;
    public static final int TABLES = 1;
    public static final String TRX_LEVEL = "RR";
    public static final TpccSettings DEFAULTS = new TpccSettings(SCALE, TABLES, true, isolation("trx-level", TRX_LEVEL));

    /** @throws BenchException naming the bad option or key, every bad one at once ({@link InputErrors}) */
    public TpccSettings validate(SettingNames names) {
        InputErrors.Collector errors = new InputErrors.Collector();
        errors.run(() -> Require.that(scale >= 1, names.of("scale") + " must be >= 1 warehouse, got " + scale));
        errors.run(() -> Require.atLeast(names.of("tables"), tables, 1));
        errors.throwIfAny();
        return this;
    }

    /**
     * sysbench-tpcc's --trx-level: RR (its default), RC or SER; the full names are accepted too.
     *
     * @param name the option or key, as the user spelled it, for the error
     */
    public static int isolation(String name, String level) {
        String l = level == null ? "" : level.trim().toUpperCase(Locale.ROOT).replace('-', ' ').replace('_', ' ');
        return switch (l) {
            case "RR", "REPEATABLE READ" -> Connection.TRANSACTION_REPEATABLE_READ;
            case "RC", "READ COMMITTED" -> Connection.TRANSACTION_READ_COMMITTED;
            case "SER", "SERIALIZABLE" -> Connection.TRANSACTION_SERIALIZABLE;
            default -> throw new BenchException(name + " must be RR, RC or SER, got '" + level + "'");
        };
    }
}
