package dev.bench.workloads.oltp;

import dev.bench.core.BenchException;
import dev.bench.core.jdbc.DryRunDriver;
import dev.bench.core.jdbc.JdbcTarget;
import dev.bench.core.jdbc.OwnedTables;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * The sbtest tables as a set: which exist, whether the tool owns them, dropping only its own, and the
 * row counts the after-run check compares.
 */
public final class OltpTables {

    static final String WORKLOAD = "oltp-rw";

    private OltpTables() {
    }

    static List<String> names(OltpSettings s) {
        List<String> names = new ArrayList<>(s.tables());
        for (int i = 1; i <= s.tables(); i++) {
            names.add(s.table(i));
        }
        return names;
    }

    /** prepare over existing tables refuses: ours point at cleanup, someone else's are left alone. */
    static void refuseExisting(Connection c, OltpSettings s) throws SQLException {
        OwnedTables owned = new OwnedTables(c);
        for (String table : names(s)) {
            if (owned.isOwned(table)) {
                throw new BenchException("table '" + table + "' already exists (made by an earlier prepare);"
                        + " run cleanup first, or run against it");
            }
        }
        // none of ours exists: this refuses a foreign same-named table and forgets stale registrations
        owned.dropOwnedOrRefuse(names(s));
    }

    /**
     * run before prepare: one line naming the fix.
     *
     * @param fullTables whether each table must hold ids up to --table-size (not where the script adds or removes rows)
     */
    public static void requirePrepared(JdbcTarget target, OltpSettings s, boolean fullTables) {
        try (Connection c = target.connection()) {
            OwnedTables owned = new OwnedTables(c);
            for (String table : names(s)) {
                if (!owned.exists(table)) {
                    throw new BenchException("tables missing (no '" + table + "' in " + target.maskedUrl()
                            + "), run prepare first");
                }
            }
            for (String table : fullTables ? names(s) : List.<String>of()) {
                long max = single(c, OltpSql.maxId(table));
                if (max != s.tableSize()) {
                    throw new BenchException("table '" + table + "' holds ids up to " + max + ", not --table-size "
                            + s.tableSize() + ": pass the --table-size it was prepared with");
                }
            }
        } catch (SQLException e) {
            throw new BenchException("checking the sbtest tables failed: " + e.getMessage(), e);
        }
    }

    /** Drops every sbtest table of 1..tables the tool created; says which it left alone and why. */
    public static void cleanup(JdbcTarget target, OltpSettings s, Consumer<String> out) {
        if (DryRunDriver.isDryRun(target)) { // no registry to ask: every table is the dry run's pretend one
            names(s).forEach(table -> out.accept("Dropping table '" + table + "'..."));
            return;
        }
        try (Connection c = target.connection()) {
            OwnedTables owned = new OwnedTables(c);
            for (String table : names(s)) {
                if (owned.isOwned(table)) {
                    out.accept("Dropping table '" + table + "'...");
                    owned.dropOwnedOrRefuse(List.of(table));
                } else if (owned.exists(table)) {
                    out.accept("Left table '" + table + "' alone: it was not created by bench");
                }
            }
        } catch (SQLException e) {
            throw new BenchException("cleanup failed: " + e.getMessage(), e);
        }
    }

    /**
     * bulk_insert.lua's prepare: sbtest1..N (N = --threads, each thread's own table) with its schema, made if
     * absent, kept if bench made it earlier (the Lua's CREATE TABLE IF NOT EXISTS), refused if someone else's.
     */
    static void createBulkInsertTables(JdbcTarget target, OltpSettings s, Consumer<String> out) {
        try (Connection c = target.connection()) {
            OwnedTables owned = new OwnedTables(c);
            for (String table : names(s)) {
                out.accept("Creating table '" + table + "'...");
                owned.createOrReuse(WORKLOAD, table, "CREATE TABLE " + table
                        + " (id INTEGER NOT NULL, k INTEGER DEFAULT '0' NOT NULL, PRIMARY KEY (id))");
            }
        } catch (SQLException e) {
            throw new BenchException("prepare failed: " + e.getMessage(), e);
        }
    }

    /** MySQL's prewarm of every table (see {@link OltpWorkloadType#prewarm}). */
    static void prewarm(JdbcTarget target, OltpSettings s, Consumer<String> out) {
        try (Connection c = target.connection(); Statement st = c.createStatement()) {
            for (String table : names(s)) {
                out.accept("Prewarming table " + table);
                st.execute("ANALYZE TABLE " + table);
                st.execute("SELECT AVG(id) FROM (SELECT * FROM " + table + " FORCE KEY (PRIMARY) LIMIT " + s.tableSize() + ") t");
                st.execute("SELECT COUNT(*) FROM (SELECT * FROM " + table + " WHERE k LIKE '%0%' LIMIT " + s.tableSize() + ") t");
            }
        } catch (SQLException e) {
            throw new BenchException("prewarm failed: " + e.getMessage(), e);
        }
    }

    /** Rows per table, index 0 = sbtest1. */
    public static long[] countRows(JdbcTarget target, OltpSettings s) throws SQLException {
        long[] rows = new long[s.tables()];
        try (Connection c = target.connection()) {
            for (int i = 0; i < rows.length; i++) {
                rows[i] = single(c, OltpSql.countRows(s.table(i + 1)));
            }
            if (!c.getAutoCommit()) {
                c.commit();
            }
        }
        return rows;
    }

    private static long single(Connection c, String sql) throws SQLException {
        try (Statement st = c.createStatement(); ResultSet rs = st.executeQuery(sql)) {
            rs.next();
            return rs.getLong(1);
        }
    }
}
