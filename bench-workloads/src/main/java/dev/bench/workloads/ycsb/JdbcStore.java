package dev.bench.workloads.ycsb;

import dev.bench.core.BenchException;
import dev.bench.core.ErrorKind;
import dev.bench.core.jdbc.Dialect;
import dev.bench.core.jdbc.JdbcTarget;
import dev.bench.core.jdbc.OwnedTables;
import dev.bench.core.jdbc.ReplicaCatchUp;
import dev.bench.core.jdbc.SqlErrors;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;

/**
 * YCSB's {@code jdbc} binding: one table of {@code YCSB_KEY} and {@code FIELD0..N}, created by
 * {@code load} through {@link OwnedTables} when missing (a same-named table bench did not create is
 * refused), never dropped but by {@code cleanup}.
 *
 * <p>Threading: {@link #open} and {@link #classify} from any worker; the rest from the benchmark's thread.
 */
public final class JdbcStore implements YcsbStore {

    static final String WORKLOAD = "ycsb";

    private final JdbcTarget target;
    /** The replicas' read-only pool for reads and scans ({@code --reads-to replicas}), or null. */
    private final JdbcTarget replicas;
    private final YcsbSql sql;
    private final int fetchSize;
    private final boolean wholeTable;
    /** Set by a load that created the table without its primary key, to add it after the data. */
    private boolean keyAfterData;

    /** @param fetchSize jdbc.fetchsize for scans; 0: the driver's */
    public JdbcStore(JdbcTarget target, CoreConfig config, int fetchSize) {
        this(target, null, config, fetchSize);
    }

    /** @param replicas the replicas' read-only pool for reads and scans, or null; closed with this store */
    public JdbcStore(JdbcTarget target, JdbcTarget replicas, CoreConfig config, int fetchSize) {
        this.target = target;
        this.replicas = replicas;
        this.sql = new YcsbSql(target.dialect(), config.table(), config.fieldCount());
        this.fetchSize = fetchSize;
        this.wholeTable = config.insertStart() == 0 && config.insertCount() == config.recordCount();
    }

    /**
     * A PostgreSQL load that creates the table and loads all of it builds the primary key after the data
     * (one sorted index build instead of a million random B-tree inserts); a load that shares the table with
     * other clients (insertstart, insertcount) creates it with its key. A table whose key is missing is one
     * such load never finished: refused, as its keys are not known to be unique.
     */
    @Override
    public void prepare(boolean load) throws SQLException {
        try (java.sql.Connection c = target.connection()) {
            OwnedTables tables = new OwnedTables(c);
            boolean postgres = sql.dialect() == Dialect.POSTGRES;
            if (load) {
                keyAfterData = postgres && wholeTable && !tables.exists(sql.table());
                tables.createOrReuse(WORKLOAD, sql.table(), sql.create(!keyAfterData));
            } else {
                tables.requireExisting(List.of(sql.table()), "load it first: bench ycsb load jdbc -P FILE ...");
            }
            if (postgres && !keyAfterData) {
                requirePrimaryKey(c);
            }
        }
        if (!load) {
            ReplicaCatchUp.await(target, replicas, ReplicaCatchUp.TIMEOUT_MILLIS);
        }
    }

    private void requirePrimaryKey(java.sql.Connection c) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(sql.hasPrimaryKey())) {
            ps.setString(1, sql.table());
            try (ResultSet rs = ps.executeQuery()) {
                if (!rs.next() || rs.getLong(1) == 0) {
                    throw new BenchException(sql.table() + " has no primary key: a load that was to add it after the data did not"
                            + " finish; bench ycsb cleanup jdbc, then load again");
                }
            }
        }
    }

    @Override
    public boolean finishLoad() throws SQLException {
        if (!keyAfterData) {
            return false;
        }
        try (java.sql.Connection c = target.connection(); Statement s = c.createStatement()) {
            s.execute(sql.addPrimaryKey());
        }
        keyAfterData = false;
        return true;
    }

    /** Drops the table if bench created it; refuses one it did not. */
    public static void cleanup(JdbcTarget target, String table) throws SQLException {
        try (java.sql.Connection c = target.connection()) {
            new OwnedTables(c).dropOwnedOrRefuse(List.of(table));
        }
    }

    @Override
    public YcsbStore.Connection open(int worker) throws SQLException {
        return open(target);
    }

    @Override
    public YcsbStore.Connection openReads(int worker) throws SQLException {
        return replicas == null ? null : open(replicas);
    }

    @Override
    public boolean readsFromReplicas() {
        return replicas != null;
    }

    private JdbcConnection open(JdbcTarget pool) throws SQLException {
        java.sql.Connection c = pool.connection();
        try {
            return new JdbcConnection(c, sql, fetchSize, pool.hostOf(c));
        } catch (SQLException | RuntimeException e) {
            c.close();
            throw e;
        }
    }

    /** Lost connections are re-opened, contention retried, anything else (a duplicate key) fails the op. */
    @Override
    public ErrorKind classify(Exception failure) {
        ErrorKind kind = SqlErrors.classify(failure);
        return kind == ErrorKind.FATAL && failure instanceof SQLException ? ErrorKind.FAILED : kind;
    }

    @Override
    public long count(List<String> keys) throws SQLException {
        try (java.sql.Connection c = target.connection(); Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql.count())) {
            rs.next();
            return rs.getLong(1);
        }
    }

    /** Looked up {@link YcsbSql#PRESENT_CHUNK} keys a statement. */
    @Override
    public long present(List<String> keys) throws SQLException {
        long present = 0;
        try (java.sql.Connection c = target.connection()) {
            for (int from = 0; from < keys.size(); from += YcsbSql.PRESENT_CHUNK) {
                List<String> chunk = keys.subList(from, Math.min(keys.size(), from + YcsbSql.PRESENT_CHUNK));
                try (PreparedStatement ps = c.prepareStatement(sql.present(chunk.size()))) {
                    for (int i = 0; i < chunk.size(); i++) {
                        ps.setString(i + 1, chunk.get(i));
                    }
                    try (ResultSet rs = ps.executeQuery()) {
                        rs.next();
                        present += rs.getLong(1);
                    }
                }
            }
        }
        return present;
    }

    /** Looked up {@link YcsbSql#PRESENT_CHUNK} keys a statement, as {@link #present}. */
    @Override
    public List<String> absent(List<String> keys) throws SQLException {
        List<String> absent = new java.util.ArrayList<>();
        try (java.sql.Connection c = target.connection()) {
            for (int from = 0; from < keys.size(); from += YcsbSql.PRESENT_CHUNK) {
                List<String> chunk = keys.subList(from, Math.min(keys.size(), from + YcsbSql.PRESENT_CHUNK));
                java.util.Set<String> found = new java.util.HashSet<>();
                try (PreparedStatement ps = c.prepareStatement(sql.found(chunk.size()))) {
                    for (int i = 0; i < chunk.size(); i++) {
                        ps.setString(i + 1, chunk.get(i));
                    }
                    try (ResultSet rs = ps.executeQuery()) {
                        while (rs.next()) {
                            found.add(rs.getString(1));
                        }
                    }
                }
                chunk.stream().filter(k -> !found.contains(k)).forEach(absent::add);
            }
        }
        return absent;
    }

    @Override
    public boolean countsKeys() {
        return false;
    }

    @Override
    public String describe() {
        return target.maskedUrl() + " (" + target.serverVersion() + ")";
    }

    @Override
    public int maxRowsPerInsert(int fields) {
        return sql.dialect() == Dialect.POSTGRES ? Integer.MAX_VALUE : sql.maxRowsPerInsert(); // COPY takes no parameters
    }

    JdbcTarget target() {
        return target;
    }

    @Override
    public void close() {
        try {
            target.close();
        } finally {
            if (replicas != null) {
                replicas.close();
            }
        }
    }
}
