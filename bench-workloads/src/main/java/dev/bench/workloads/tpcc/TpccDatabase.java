package dev.bench.workloads.tpcc;

import dev.bench.core.BenchException;
import dev.bench.core.jdbc.JdbcTarget;
import dev.bench.core.jdbc.OwnedTables;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/** The tpcc tables as a whole: are they there and big enough, and dropping them (only the tool's own). */
public final class TpccDatabase {

    private TpccDatabase() {
    }

    /** For run and check: every table of every set exists and holds at least --scale warehouses. */
    public static void requirePrepared(JdbcTarget target, TpccSettings settings) throws SQLException {
        try (Connection c = target.connection()) {
            Set<String> existing = existingTables(c);
            List<String> missing = new ArrayList<>();
            for (String table : TpccTables.all(settings.tables())) {
                if (!existing.contains(table)) {
                    missing.add(table);
                }
            }
            if (!missing.isEmpty()) {
                throw new BenchException("tables missing, run prepare first (" + String.join(", ", missing.subList(0,
                        Math.min(3, missing.size()))) + (missing.size() > 3 ? ", ..." : "") + " not found)");
            }
            for (int set = 1; set <= settings.tables(); set++) {
                String warehouse = new TpccTables(set).warehouse();
                try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT COUNT(*) FROM " + warehouse)) {
                    rs.next();
                    long have = rs.getLong(1);
                    if (have < settings.scale()) {
                        throw new BenchException(warehouse + " holds " + have + " warehouses, fewer than --scale "
                                + settings.scale() + "; use --scale " + have + " or prepare again");
                    }
                }
            }
        }
    }

    /**
     * The lower-case names of the tables in the connection's schema, from one metadata query (asking
     * per table costs a server round trip per name and case variant, seconds for many tables).
     */
    static Set<String> existingTables(Connection c) throws SQLException {
        Set<String> names = new HashSet<>();
        try (ResultSet rs = c.getMetaData().getTables(c.getCatalog(), c.getSchema(), "%", new String[] {"TABLE"})) {
            while (rs.next()) {
                names.add(rs.getString("TABLE_NAME").toLowerCase(Locale.ROOT));
            }
        }
        return names;
    }

    /**
     * Drops the tables of sets 1..tables that the tool created; same-named tables of someone else's are
     * left alone and named in the returned list.
     */
    public static List<String> cleanup(JdbcTarget target, int tables) throws SQLException {
        try (Connection c = target.connection()) {
            OwnedTables owned = new OwnedTables(c);
            List<String> ours = new ArrayList<>();
            List<String> foreign = new ArrayList<>();
            for (String table : TpccTables.all(tables)) {
                if (owned.isOwned(table)) {
                    ours.add(table);
                } else if (owned.exists(table)) {
                    foreign.add(table);
                }
            }
            if (!ours.isEmpty()) {
                owned.dropOwnedOrRefuse(ours);
            }
            return foreign;
        }
    }
}
