package dev.bench.workloads.oltp;

import dev.bench.core.BenchException;

import java.util.Arrays;
import java.util.Locale;

/**
 * sysbench 1.0.20's bundled OLTP scripts (src/lua/*.lua) that run on the sbtest tables: which statement
 * groups an event runs, and whether it wraps them in BEGIN/COMMIT. bench oltp-rw is {@link #READ_WRITE}.
 */
public enum OltpScript {
    READ_WRITE(true, true, true),
    READ_ONLY(true, true, false),
    POINT_SELECT(false, false, false),
    WRITE_ONLY(true, false, true),
    UPDATE_INDEX(false, false, true),
    UPDATE_NON_INDEX(false, false, true),
    INSERT(false, false, true),
    DELETE(false, false, true),
    SELECT_RANDOM_POINTS(false, false, false),
    SELECT_RANDOM_RANGES(false, false, false),
    /** bulk_insert.lua: each thread appends rows to one multi-row INSERT into its own table ({@link BulkInsertSession}). */
    BULK_INSERT(false, false, true);

    private final boolean transaction;
    private final boolean selects;
    private final boolean writes;

    OltpScript(boolean transaction, boolean selects, boolean writes) {
        this.transaction = transaction;
        this.selects = selects;
        this.writes = writes;
    }

    /** The script's file name without .lua: oltp_read_write, select_random_points. */
    public String luaName() {
        String name = name().toLowerCase(Locale.ROOT);
        return name.startsWith("select_") || this == BULK_INSERT ? name : "oltp_" + name;
    }

    /**
     * The script a sysbench test argument names: a bundled name, or a path ending in its .lua file.
     *
     * @throws BenchException naming it, when bench has no such script
     */
    public static OltpScript of(String test) {
        String base = test.substring(test.lastIndexOf('/') + 1);
        String name = base.endsWith(".lua") ? base.substring(0, base.length() - ".lua".length()) : base;
        return Arrays.stream(values()).filter(s -> s.luaName().equals(name)).findFirst()
                .orElseThrow(() -> new BenchException("Cannot find benchmark '" + test + "': no such built-in test, file or module"));
    }

    /** BEGIN ... COMMIT around the event, unless --skip-trx on. */
    boolean inTransaction(OltpSettings s) {
        return transaction && !s.skipTrx();
    }

    /** The point and range selects of oltp_common (read_write, read_only). */
    boolean commonSelects() {
        return selects;
    }

    /** Whether an event changes rows: if not, its reads may go to replicas as a whole. */
    boolean writes() {
        return writes;
    }

    /** Whether every table keeps exactly --table-size rows, ids 1..N (the after-run check): not when rows come and go. */
    boolean keepsRows() {
        return this != INSERT && this != DELETE && this != BULK_INSERT;
    }

    /** Only one table (sysbench asserts --tables == 1 in prepare and cleanup). */
    boolean singleTable() {
        return this == SELECT_RANDOM_POINTS || this == SELECT_RANDOM_RANGES;
    }
}
