package dev.bench.workloads.ycsb;

import dev.bench.core.jdbc.Dialect;
import dev.bench.core.jdbc.JdbcTarget;
import org.postgresql.PGConnection;
import org.postgresql.copy.CopyIn;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Arrays;

/**
 * One worker's JDBC connection with its prepared statements: one per updated field set (each field,
 * and all), one per multi-row insert size in use. Autocommit, as YCSB's binding runs by default; a
 * multi-row load on PostgreSQL goes through COPY.
 *
 * <p>Threading: one worker at a time; {@link #abort} from any thread.
 */
final class JdbcConnection implements YcsbStore.Connection {

    private final Connection connection;
    private final YcsbSql sql;
    private final PreparedStatement read;
    private final PreparedStatement scan;
    private final PreparedStatement[] updates;
    private final boolean copy;
    private PreparedStatement insert;
    private int insertRows;
    private byte[] copyBuffer = new byte[1 << 16];
    /** The server's host number, learned when the connection was taken ({@code JdbcTarget.hostOf}). */
    private final int host;

    JdbcConnection(Connection connection, YcsbSql sql, int fetchSize, int host) throws SQLException {
        this.connection = connection;
        this.host = host;
        this.sql = sql;
        this.read = connection.prepareStatement(sql.read());
        this.scan = connection.prepareStatement(sql.scan());
        if (fetchSize > 0) {
            scan.setFetchSize(fetchSize);
        }
        this.updates = new PreparedStatement[sql.fields() + 1];
        this.copy = sql.dialect() == Dialect.POSTGRES;
    }

    @Override
    public int host() {
        return host;
    }

    @Override
    public boolean read(String key, int field, String[] values) throws SQLException {
        read.setString(1, key);
        try (ResultSet rs = read.executeQuery()) {
            if (!rs.next()) {
                return false;
            }
            for (int i = 0; i < values.length; i++) {
                values[i] = field < 0 || field == i ? rs.getString(i + 2) : null;
            }
            return true;
        }
    }

    @Override
    public int scan(String startKey, int count, int field) throws SQLException {
        scan.setString(sql.scanCountFirst() ? 2 : 1, startKey);
        scan.setInt(sql.scanCountFirst() ? 1 : 2, count);
        int rows = 0;
        try (ResultSet rs = scan.executeQuery()) {
            while (rs.next()) {
                for (int i = 0; i < sql.fields(); i++) {
                    if (field < 0 || field == i) {
                        rs.getString(i + 2);
                    }
                }
                rows++;
            }
        }
        return rows;
    }

    @Override
    public boolean update(String key, String[] values) throws SQLException {
        int field = -1;
        int written = 0;
        for (int i = 0; i < values.length; i++) {
            if (values[i] != null) {
                field = i;
                written++;
            }
        }
        int which = written == values.length ? -1 : field;
        PreparedStatement ps = updates[which + 1];
        if (ps == null) {
            ps = connection.prepareStatement(sql.update(which));
            updates[which + 1] = ps;
        }
        int p = 1;
        for (String value : values) {
            if (value != null) {
                ps.setString(p++, value);
            }
        }
        ps.setString(p, key);
        return ps.executeUpdate() > 0;
    }

    @Override
    public void insert(String[] keys, String[][] values, int rows) throws Exception {
        if (copy && rows > 1) {
            copy(keys, values, rows);
            return;
        }
        if (insert == null || insertRows != rows) {
            if (insert != null) {
                insert.close();
            }
            insert = connection.prepareStatement(sql.insert(rows));
            insertRows = rows;
        }
        int p = 1;
        for (int r = 0; r < rows; r++) {
            insert.setString(p++, keys[r]);
            for (String value : values[r]) {
                insert.setString(p++, value);
            }
        }
        insert.executeUpdate();
    }

    /**
     * Keys and values are ASCII with no tab, newline or backslash (see {@link Records}), so COPY's text is
     * their bytes as they are, written into one buffer the connection reuses and sent in one piece.
     */
    private void copy(String[] keys, String[][] values, int rows) throws Exception {
        int at = 0;
        for (int r = 0; r < rows; r++) {
            at = append(keys[r], at);
            for (String value : values[r]) {
                at = append(value, append('\t', at));
            }
            at = append('\n', at);
        }
        CopyIn in = connection.unwrap(PGConnection.class).getCopyAPI().copyIn(sql.copy());
        try {
            in.writeToCopy(copyBuffer, 0, at);
            in.endCopy();
        } catch (SQLException e) {
            cancel(in, e);
            throw e;
        }
    }

    private static void cancel(CopyIn in, SQLException failure) {
        try {
            if (in.isActive()) {
                in.cancelCopy();
            }
        } catch (SQLException alsoFailed) {
            failure.addSuppressed(alsoFailed);
        }
    }

    private int append(String ascii, int at) {
        ensure(at + ascii.length());
        for (int i = 0; i < ascii.length(); i++) {
            copyBuffer[at + i] = (byte) ascii.charAt(i);
        }
        return at + ascii.length();
    }

    private int append(char c, int at) {
        ensure(at + 1);
        copyBuffer[at] = (byte) c;
        return at + 1;
    }

    private void ensure(int size) {
        if (size > copyBuffer.length) {
            copyBuffer = Arrays.copyOf(copyBuffer, Math.max(size, copyBuffer.length * 2));
        }
    }

    @Override
    public void abort() {
        JdbcTarget.abort(connection);
    }

    @Override
    public void close() throws SQLException {
        connection.close(); // its statements with it
    }
}
