package dev.bench.workloads.ycsb;

import dev.bench.core.jdbc.Dialect;

import java.util.StringJoiner;

/**
 * The SQL of YCSB's JDBC binding for one table, per dialect: {@code YCSB_KEY} primary key and
 * {@code FIELD0..N} text columns; reads and scans select every column, as the binding does.
 */
public record YcsbSql(Dialect dialect, String table, int fields) {

    /** SQL Server takes at most 2100 parameters a statement; the others far more. */
    private static final int MSSQL_MAX_PARAMETERS = 2000;
    private static final int MAX_PARAMETERS = 30_000;
    /** Keys one {@link #present} statement looks up: under every dialect's parameter limit. */
    static final int PRESENT_CHUNK = 1000;

    public String create() {
        return create(true);
    }

    /** {@code primaryKey} false: the key column without its index, for a load that adds it after the data. */
    public String create(boolean primaryKey) {
        String text = switch (dialect) {
            case POSTGRES, MYSQL -> "TEXT";
            case MSSQL -> "VARCHAR(MAX)";
            case H2 -> "VARCHAR";
        };
        StringJoiner columns = new StringJoiner(", ", "CREATE TABLE " + table + " (YCSB_KEY VARCHAR(255) "
                + (primaryKey ? "PRIMARY KEY" : "NOT NULL") + ", ", ")");
        for (int i = 0; i < fields; i++) {
            columns.add(column(i) + " " + text);
        }
        return columns.toString();
    }

    public String addPrimaryKey() {
        return "ALTER TABLE " + table + " ADD PRIMARY KEY (YCSB_KEY)";
    }

    /** PostgreSQL: 1 when the table (parameter: its name) has its primary key. */
    public String hasPrimaryKey() {
        return "SELECT COUNT(*) FROM pg_index WHERE indrelid = to_regclass(?) AND indisprimary";
    }

    public String read() {
        return "SELECT * FROM " + table + " WHERE YCSB_KEY = ?";
    }

    /** Parameters: start key, then count; SQL Server's TOP takes the count first ({@link #scanCountFirst}). */
    public String scan() {
        return dialect == Dialect.MSSQL
                ? "SELECT TOP (?) * FROM " + table + " WHERE YCSB_KEY >= ? ORDER BY YCSB_KEY"
                : "SELECT * FROM " + table + " WHERE YCSB_KEY >= ? ORDER BY YCSB_KEY LIMIT ?";
    }

    public boolean scanCountFirst() {
        return dialect == Dialect.MSSQL;
    }

    /** {@code field} < 0: every field; else that one. The key is the last parameter. */
    public String update(int field) {
        StringJoiner set = new StringJoiner(", ", "UPDATE " + table + " SET ", " WHERE YCSB_KEY = ?");
        for (int i = 0; i < fields; i++) {
            if (field < 0 || field == i) {
                set.add(column(i) + " = ?");
            }
        }
        return set.toString();
    }

    /** One statement inserting {@code rows} records. */
    public String insert(int rows) {
        StringJoiner names = new StringJoiner(", ", "INSERT INTO " + table + " (", ") VALUES ");
        StringJoiner marks = new StringJoiner(", ", "(", ")");
        names.add("YCSB_KEY");
        marks.add("?");
        for (int i = 0; i < fields; i++) {
            names.add(column(i));
            marks.add("?");
        }
        StringJoiner all = new StringJoiner(", ", names.toString(), "");
        for (int r = 0; r < rows; r++) {
            all.add(marks.toString());
        }
        return all.toString();
    }

    /** PostgreSQL's COPY of whole records (tab-separated text). */
    public String copy() {
        StringJoiner names = new StringJoiner(", ", "COPY " + table + " (YCSB_KEY, ", ") FROM STDIN");
        for (int i = 0; i < fields; i++) {
            names.add(column(i));
        }
        return names.toString();
    }

    /** How many of {@code keys} keys are there. */
    public String present(int keys) {
        return "SELECT COUNT(*) FROM " + table + " WHERE YCSB_KEY IN (" + "?, ".repeat(keys - 1) + "?)";
    }

    public String found(int keys) {
        return "SELECT YCSB_KEY FROM " + table + " WHERE YCSB_KEY IN (" + "?, ".repeat(keys - 1) + "?)";
    }

    public String count() {
        return "SELECT COUNT(*) FROM " + table;
    }

    public int maxRowsPerInsert() {
        return (dialect == Dialect.MSSQL ? MSSQL_MAX_PARAMETERS : MAX_PARAMETERS) / (fields + 1);
    }

    static String column(int field) {
        return "FIELD" + field;
    }
}
