package dev.bench.workloads.oltp;

import dev.bench.core.BenchException;

/**
 * sysbench oltp_read_write's own options (1.0.20 names and defaults in {@link #defaults()}), validated
 * once. Counts are per transaction.
 */
public record OltpSettings(int tables, int tableSize, int rangeSize, int pointSelects, int simpleRanges,
                           int sumRanges, int orderRanges, int distinctRanges, int indexUpdates,
                           int nonIndexUpdates, int deleteInserts, boolean rangeSelects, boolean skipTrx,
                           boolean autoInc, boolean createSecondary, RandType randType) {

    public OltpSettings {
        positive("--tables", tables);
        positive("--table-size", tableSize);
        positive("--range-size", rangeSize);
        notNegative("--point-selects", pointSelects);
        notNegative("--simple-ranges", simpleRanges);
        notNegative("--sum-ranges", sumRanges);
        notNegative("--order-ranges", orderRanges);
        notNegative("--distinct-ranges", distinctRanges);
        notNegative("--index-updates", indexUpdates);
        notNegative("--non-index-updates", nonIndexUpdates);
        notNegative("--delete-inserts", deleteInserts);
        if (randType == null) {
            throw new BenchException("--rand-type must be set");
        }
    }

    public static OltpSettings defaults() {
        return new OltpSettings(1, 10_000, 100, 10, 1, 1, 1, 1, 1, 1, 1, true, false, true, true, RandType.SPECIAL);
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

    private static void positive(String option, int value) {
        if (value < 1) {
            throw new BenchException(option + " must be >= 1, got " + value);
        }
    }

    private static void notNegative(String option, int value) {
        if (value < 0) {
            throw new BenchException(option + " must be >= 0, got " + value);
        }
    }
}
