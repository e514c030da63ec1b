package dev.bench.jmh.jdbc;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * A table this module creates and marks with the table comment {@value #MARKER}. Benchmarks fill, empty
 * and truncate only tables carrying the mark; a same-named table without it belongs to someone else, so
 * setup stops with an error naming it and leaves it untouched. Nothing here ever drops a table.
 *
 * <p>Creation is a plain CREATE TABLE, not IF NOT EXISTS: if someone creates the table between our check
 * and our CREATE, we fail instead of marking their table as ours.
 */
public final class OwnedTable {

    public static final String MARKER = "bench-jmh";

    private final Db db;
    private final String name;
    private final String columns;
    /** Set once {@link #ensure} has proven the table ours; {@link #truncate} refuses without it. */
    private boolean ours;

    public OwnedTable(Db db, String name, String columns) {
        this.db = db;
        this.name = name;
        this.columns = columns;
    }

    public String name() {
        return name;
    }

    /** Creates the table if absent; refuses one that exists without our mark. Commits. */
    public void ensure(Connection c) throws SQLException {
        boolean autoCommit = c.getAutoCommit();
        c.setAutoCommit(false);
        try {
            try (PreparedStatement ps = c.prepareStatement(db.commentQuery())) {
                ps.setString(1, name);
                try (ResultSet rs = ps.executeQuery()) {
                    if (rs.next()) {
                        String comment = rs.getString(1);
                        if (!MARKER.equals(comment)) {
                            throw new IllegalStateException("table '" + name + "' already exists and is not marked '"
                                    + MARKER + "' (its comment is " + (comment == null ? "empty" : "'" + comment + "'")
                                    + "), so it is someone else's: left untouched. Use another database or drop it yourself");
                        }
                        c.commit();
                        ours = true;
                        return;
                    }
                }
            }
            try (Statement s = c.createStatement()) {
                for (String sql : db.createWithComment(name, columns, MARKER)) {
                    s.execute(sql);
                }
            }
            c.commit();
            ours = true;
        } catch (SQLException | RuntimeException e) {
            c.rollback();
            throw e;
        } finally {
            c.setAutoCommit(autoCommit);
        }
    }

    public boolean isOurs() {
        return ours;
    }

    /** Empties the table; refuses unless {@link #ensure} has proven it ours. */
    public void truncate(Connection c) throws SQLException {
        if (!ours) {
            throw new IllegalStateException("not truncating '" + name + "': not proven to be bench-jmh's own table");
        }
        try (Statement s = c.createStatement()) {
            s.execute("TRUNCATE TABLE " + name);
        }
        if (!c.getAutoCommit()) {
            c.commit();
        }
    }

    public long count(Connection c) throws SQLException {
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT COUNT(*) FROM " + name)) {
            rs.next();
            return rs.getLong(1);
        }
    }
}
