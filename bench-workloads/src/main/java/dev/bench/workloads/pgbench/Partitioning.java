package dev.bench.workloads.pgbench;

import dev.bench.core.settings.Require;
import dev.bench.core.settings.SettingNames;

import java.util.List;

/**
 * pgbench's {@code --partitions N --partition-method range|hash}: pgbench_accounts as N partitions of
 * PostgreSQL's declarative partitioning, created by {@code -i} exactly as pgbench 15 creates them (range:
 * equal spans of aid from MINVALUE to MAXVALUE; hash: modulus N), and named in a run's report.
 *
 * @param count  0: not partitioned
 * @param method "range" or "hash"; null when not given (range, with partitions)
 */
public record Partitioning(int count, String method) {

    public static final Partitioning NONE = new Partitioning(0, null);

    /** @throws dev.bench.core.BenchException pgbench's own messages, one line */
    Partitioning validate(SettingNames names) {
        Require.that(count >= 0, "invalid number of partitions: \"" + count + "\" (" + names.of("partitions") + ")");
        Require.that(method == null || List.of("range", "hash").contains(method), "invalid partition method, expecting \"range\""
                + " or \"hash\", got: \"" + method + "\" (" + names.of("partition-method") + ")");
        Require.that(method == null || count > 0, names.of("partition-method") + " requires greater than zero "
                + names.of("partitions"));
        return this;
    }

    boolean partitioned() {
        return count > 0;
    }

    /** The method in effect: range unless hash was asked for. */
    String effectiveMethod() {
        return method == null ? "range" : method;
    }

    /** The clause closing pgbench_accounts' create table. */
    String clause() {
        return " partition by " + effectiveMethod() + " (aid)";
    }

    /**
     * Partition {@code p} (1-based) of {@code accounts} rows: pgbench 15's bounds, {@code with (fillfactor=F)}
     * below 100, unlogged with {@code --unlogged-tables}.
     */
    String createPartition(int p, long accounts, int fillfactor, boolean unlogged) {
        String bounds;
        if (effectiveMethod().equals("range")) {
            long size = (accounts + count - 1) / count;
            bounds = "for values from (" + (p == 1 ? "minvalue" : Long.toString((p - 1) * size + 1)) + ") to ("
                    + (p < count ? Long.toString(p * size + 1) : "maxvalue") + ")";
        } else {
            bounds = "for values with (modulus " + count + ", remainder " + (p - 1) + ")";
        }
        return "create" + (unlogged ? " unlogged" : "") + " table pgbench_accounts_" + p + " partition of pgbench_accounts "
                + bounds + (fillfactor < PgbenchSettings.FILLFACTOR ? " with (fillfactor=" + fillfactor + ")" : "");
    }
}
