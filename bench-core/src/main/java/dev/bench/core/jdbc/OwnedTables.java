package dev.bench.core.jdbc;

import dev.bench.core.BenchException;

import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.util.List;

/**
 * Keeps the promise that the tool never drops or overwrites a table it didn't create. Every table a
 * workload creates is registered in {@value #REGISTRY}; a workload may only re-create a table it finds
 * registered there. A same-named table that is not registered belongs to someone else: priming stops
 * with an error that names it and leaves it untouched.
 */
public final class OwnedTables {

    public static final String REGISTRY = "bench_owned_tables";

    private final Connection connection;

    public OwnedTables(Connection connection) {
        this.connection = connection;
    }

    /**
     * Drops the given tables if the tool created them earlier, after checking that none belongs to
     * someone else; then the caller creates them ({@link #claim} first) and calls {@link #register}.
     */
    public void dropOwnedOrRefuse(List<String> tables) throws SQLException {
        ensureRegistry();
        for (String table : tables) {
            refuseIfForeign(table);
        }
        for (String table : tables) {
            if (exists(table)) {
                try (Statement s = connection.createStatement()) {
                    s.execute("DROP TABLE " + table);
                }
            }
            unregister(table);
        }
        commitIfManual();
    }

    /**
     * Enters tables the caller is about to create, committed before the CREATE: on MySQL a CREATE commits
     * by itself, and a connection lost between it and {@link #register} left a table bench made but
     * refused ever after as someone else's. Only for tables created right after: an entry whose table
     * never came would make a same-named table someone creates later look like bench's.
     */
    public void claim(String workload, List<String> tables) throws SQLException {
        String at = Instant.now().toString();
        for (String table : tables) {
            if (!isRegistered(table)) {
                insert(table, workload, at);
            }
        }
        commitIfManual();
    }

    /**
     * For fixtures kept between runs (the JMH benchmarks' tables): creates the table with
     * {@code createSql} if it is absent, reuses it if the tool created it, refuses a same-named table
     * of someone else's. A plain CREATE, not IF NOT EXISTS: a table someone creates meanwhile makes this
     * fail rather than become ours.
     */
    public void createOrReuse(String workload, String table, String createSql) throws SQLException {
        ensureRegistry();
        refuseIfForeign(table);
        if (exists(table)) {
            return;
        }
        unregister(table); // a registered table dropped by hand leaves its entry behind
        claim(workload, List.of(table));
        try (Statement s = connection.createStatement()) {
            s.execute(createSql);
        }
        register(workload, List.of(table));
    }

    /** Whether the tool created this table (and so may empty, drop or re-create it). */
    public boolean isOwned(String table) throws SQLException {
        return exists(REGISTRY) && exists(table) && isRegistered(table);
    }

    private void refuseIfForeign(String table) throws SQLException {
        if (exists(table) && !isRegistered(table)) {
            throw new BenchException("table '" + table + "' already exists in " + where()
                    + " and was not created by bench; it was left untouched. Use another database"
                    + " (another database name or URL) or drop it yourself");
        }
    }

    /** Records the tables as the workload's, replacing the entries {@link #claim} made. */
    public void register(String workload, List<String> tables) throws SQLException {
        String at = Instant.now().toString();
        for (String table : tables) {
            unregister(table);
            insert(table, workload, at);
        }
        commitIfManual();
    }

    private void insert(String table, String workload, String at) throws SQLException {
        try (PreparedStatement ps = connection.prepareStatement(
                "INSERT INTO " + REGISTRY + " (table_name, workload, created_at) VALUES (?, ?, ?)")) {
            ps.setString(1, table);
            ps.setString(2, workload);
            ps.setString(3, at);
            ps.executeUpdate();
        }
    }

    /** For runs that skip priming: the tables must be there already. */
    public void requireExisting(List<String> tables, String hint) throws SQLException {
        for (String table : tables) {
            if (!exists(table)) {
                throw new BenchException("table '" + table + "' does not exist in " + where() + "; " + hint);
            }
        }
    }

    public boolean exists(String table) throws SQLException {
        DatabaseMetaData meta = connection.getMetaData();
        // Unquoted names are stored lower case by PostgreSQL, upper case by H2, as written by MySQL.
        for (String name : new String[] {table, table.toUpperCase(), table.toLowerCase()}) {
            try (ResultSet rs = meta.getTables(connection.getCatalog(), connection.getSchema(), name, null)) {
                if (rs.next()) {
                    return true;
                }
            }
        }
        return false;
    }

    private boolean isRegistered(String table) throws SQLException {
        try (PreparedStatement ps = connection.prepareStatement(
                "SELECT 1 FROM " + REGISTRY + " WHERE table_name = ?")) {
            ps.setString(1, table);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next();
            }
        }
    }

    private void unregister(String table) throws SQLException {
        try (PreparedStatement ps = connection.prepareStatement("DELETE FROM " + REGISTRY + " WHERE table_name = ?")) {
            ps.setString(1, table);
            ps.executeUpdate();
        }
    }

    private void ensureRegistry() throws SQLException {
        if (!exists(REGISTRY)) {
            try (Statement s = connection.createStatement()) {
                s.execute("CREATE TABLE " + REGISTRY + " (table_name VARCHAR(128) NOT NULL PRIMARY KEY,"
                        + " workload VARCHAR(64) NOT NULL, created_at VARCHAR(40) NOT NULL)");
            }
            commitIfManual();
        }
    }

    private String where() throws SQLException {
        String catalog = connection.getCatalog();
        String schema = connection.getSchema();
        return "database " + (catalog != null ? catalog : "?") + (schema != null ? " schema " + schema : "");
    }

    private void commitIfManual() throws SQLException {
        if (!connection.getAutoCommit()) {
            connection.commit();
        }
    }
}
