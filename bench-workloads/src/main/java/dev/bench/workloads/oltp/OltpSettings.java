package dev.bench.workloads.oltp;

import dev.bench.core.BenchException;
import dev.bench.core.InputErrors;
import dev.bench.core.settings.Require;
import dev.bench.core.settings.SettingNames;

/**
 * sysbench oltp_read_write's own options (1.0.20 names and defaults in {@link #DEFAULTS}), checked
 * by {@link #validate}. Counts are per transaction.
 */
public record OltpSettings(int tables, int tableSize, int rangeSize, int pointSelects, int simpleRanges,
                           int sumRanges, int orderRanges, int distinctRanges, int indexUpdates,
                           int nonIndexUpdates, int deleteInserts, boolean rangeSelects, boolean skipTrx,
                           boolean autoInc, boolean createSecondary, RandType randType) {

    /** sysbench 1.0.20's defaults. */
    public static final OltpSettings DEFAULTS = new OltpSettings(1, 10_000, 100, 10, 1, 1, 1, 1, 1, 1, 1, true, false,
            true, true, RandType.SPECIAL);

    /** @throws BenchException naming the bad option or key, every bad one at once ({@link InputErrors}) */
    public OltpSettings validate(SettingNames names) {
        InputErrors.Collector errors = new InputErrors.Collector();
        errors.run(() -> Require.atLeast(names.of("tables"), tables, 1));
        errors.run(() -> Require.atLeast(names.of("table-size"), tableSize, 1));
        errors.run(() -> Require.atLeast(names.of("range-size"), rangeSize, 1));
        errors.run(() -> Require.atLeast(names.of("point-selects"), pointSelects, 0));
        errors.run(() -> Require.atLeast(names.of("simple-ranges"), simpleRanges, 0));
        errors.run(() -> Require.atLeast(names.of("sum-ranges"), sumRanges, 0));
        errors.run(() -> Require.atLeast(names.of("order-ranges"), orderRanges, 0));
        errors.run(() -> Require.atLeast(names.of("distinct-ranges"), distinctRanges, 0));
        errors.run(() -> Require.atLeast(names.of("index-updates"), indexUpdates, 0));
        errors.run(() -> Require.atLeast(names.of("non-index-updates"), nonIndexUpdates, 0));
        errors.run(() -> Require.atLeast(names.of("delete-inserts"), deleteInserts, 0));
        errors.run(() -> Require.that(randType != null, names.of("rand-type") + " must be set"));
        errors.throwIfAny();
        return this;
    }

    public OltpSettings withTables(int n, int size) {
        return new OltpSettings(n, size, rangeSize, pointSelects, simpleRanges, sumRanges, orderRanges,
                distinctRanges, indexUpdates, nonIndexUpdates, deleteInserts, rangeSelects, skipTrx, autoInc,
                createSecondary, randType);
    }

    /** sysbench's table names: sbtest1 .. sbtestN. */
    public String table(int number) {
        return "sbtest" + number;
    }
}
