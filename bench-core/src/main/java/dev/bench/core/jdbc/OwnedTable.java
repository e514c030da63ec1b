package dev.bench.core.jdbc;


import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * One fixture table (the JMH benchmarks'), owned the way every table the tool creates is owned: through
 * {@link OwnedTables}' registry. Its owner fills, empties and truncates it only once proven theirs; a
 * same-named table of someone else's stops setup with an error naming it and is left untouched.
 * Nothing here ever drops a table.
 */
public final class OwnedTable {

    private final String owner;
    private final String name;
    private final String columns;
    /** Set once {@link #ensure} has proven the table ours; {@link #truncate} refuses without it. */
    private boolean ours;

    /** @param owner who the registry records as the table's creator, e.g. "bench-jmh" */
    public OwnedTable(String owner, String name, String columns) {
        this.owner = owner;
        this.name = name;
        this.columns = columns;
    }

    public String name() {
        return name;
    }

    /** Creates the table if absent, reuses it if it is ours, refuses it otherwise. Commits. */
    public void ensure(Connection c) throws SQLException {
        new OwnedTables(c).createOrReuse(owner, name, "CREATE TABLE " + name + " (" + columns + ")");
        ours = true;
    }

    public boolean isOurs() {
        return ours;
    }

    /** Empties the table; refuses unless {@link #ensure} has proven it ours. */
    public void truncate(Connection c) throws SQLException {
        if (!ours) {
            throw new IllegalStateException("not truncating '" + name + "': not proven to be " + owner + "'s own table");
        }
        try (Statement s = c.createStatement()) {
            s.execute("TRUNCATE TABLE " + name);
        }
        if (!c.getAutoCommit()) {
            c.commit();
        }
    }

    /** Binds row {@code id}'s values to an INSERT. */
    @FunctionalInterface
    public interface RowBinder {
        void bind(PreparedStatement insert, int id) throws SQLException;
    }

    /**
     * Creates the table if absent (as {@link #ensure}) and, unless it already holds exactly {@code rows}
     * rows, empties it and inserts rows 1..rows in one batch and one transaction. The connection's
     * auto-commit is as it was afterwards.
     */
    public void fillIfNeeded(Connection c, int rows, String insertSql, RowBinder binder) throws SQLException {
        ensure(c);
        if (count(c) == rows) {
            return;
        }
        boolean autoCommit = c.getAutoCommit();
        c.setAutoCommit(false);
        try (Statement delete = c.createStatement(); PreparedStatement insert = c.prepareStatement(insertSql)) {
            delete.executeUpdate("DELETE FROM " + name);
            for (int id = 1; id <= rows; id++) {
                binder.bind(insert, id);
                insert.addBatch();
            }
            insert.executeBatch();
            c.commit();
        } finally {
            c.setAutoCommit(autoCommit);
        }
    }

    public long count(Connection c) throws SQLException {
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT COUNT(*) FROM " + name)) {
            rs.next();
            return rs.getLong(1);
        }
    }
}
