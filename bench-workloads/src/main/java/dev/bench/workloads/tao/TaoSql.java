package dev.bench.workloads.tao;

import dev.bench.core.BenchException;
import dev.bench.core.jdbc.Dialect;

import java.util.List;

/**
 * TAOBench's two tables and every statement the workload sends, for one SQL dialect. The statements
 * are the same everywhere but for how a write skips a row that is already there (load) and whether a
 * SELECT without a table needs {@code FROM DUAL} (guarded inserts).
 */
final class TaoSql {

    static final List<String> TABLES = List.of("objects", "edges");
    /** TAO's assoc_range / assoc_time_range page size. */
    static final int RANGE_LIMIT = 50;

    static final String OBJ_READ = "SELECT timestamp, value FROM objects WHERE id = ?";
    static final String EDGE_POINT_READ = "SELECT timestamp, value FROM edges WHERE id1 = ? AND id2 = ? AND type = ?";
    static final String EDGE_RANGE_READ = "SELECT id2, timestamp, value FROM edges WHERE id1 = ? AND type = ?"
            + " ORDER BY timestamp DESC LIMIT " + RANGE_LIMIT;
    static final String EDGE_COUNT_READ = "SELECT COUNT(*) FROM edges WHERE id1 = ? AND type = ?";
    static final String EDGE_TIME_READ = "SELECT id2, timestamp, value FROM edges WHERE id1 = ? AND type = ?"
            + " AND timestamp >= ? AND timestamp <= ? ORDER BY timestamp DESC LIMIT " + RANGE_LIMIT;
    static final String OBJ_UPDATE = "UPDATE objects SET timestamp = ?, value = ? WHERE id = ? AND timestamp < ?";
    static final String OBJ_DELETE = "DELETE FROM objects WHERE id = ? AND timestamp < ?";
    static final String EDGE_UPDATE = "UPDATE edges SET timestamp = ?, value = ?"
            + " WHERE id1 = ? AND id2 = ? AND type = ? AND timestamp < ?";
    static final String EDGE_DELETE = "DELETE FROM edges WHERE id1 = ? AND id2 = ? AND type = ? AND timestamp < ?";
    static final String COUNT_EDGES = "SELECT COUNT(*) FROM edges";
    static final String COUNT_OBJECTS = "SELECT COUNT(*) FROM objects";
    /** One page of a shard's edge keys; OFFSET skips the rows of the last id1 already read. */
    static final String EDGE_KEYS_PAGE = "SELECT id1, id2, type FROM edges WHERE id1 >= ? AND id1 < ?"
            + " ORDER BY id1, id2, type LIMIT ? OFFSET ?";

    /**
     * Edges that break a type's guard, as pairs (a, b) of distinct edges; 0 when every insert respected
     * TAOBench's compatibility rules: a unique edge is the only edge from its id1; "other" is not
     * bidirectional (no reverse edge of any type) and bidirectional edges have no reverse "other" or
     * unique edge; bidirectional and other never share (id1, id2).
     */
    static final List<String> GUARD_VIOLATIONS = List.of(
            "SELECT COUNT(*) FROM edges a JOIN edges b ON b.id1 = a.id1 AND (b.id2 <> a.id2 OR b.type <> a.type)"
                    + " WHERE a.type IN (0, 2)",
            "SELECT COUNT(*) FROM edges a JOIN edges b ON b.id1 = a.id1 AND b.id2 = a.id2"
                    + " WHERE a.type = 1 AND b.type = 3",
            "SELECT COUNT(*) FROM edges a JOIN edges b ON b.id1 = a.id2 AND b.id2 = a.id1"
                    + " WHERE a.type IN (0, 3) OR (a.type IN (1, 2) AND b.type IN (0, 3))");

    /**
     * Incompatible edges per type being inserted, over (a = id1, b = id2), TAOBench's rules; each
     * clause becomes its own NOT EXISTS, so every one is an index lookup on the primary key. The
     * duplicate key itself is always incompatible, so an insert never fails on the primary key.
     */
    private static final String[][] GUARDS = {
        /* unique */ {"id1 = :a", "id1 = :b AND id2 = :a"},
        /* bidirectional */ {"id1 = :a AND type IN (0, 2)", "id1 = :a AND id2 = :b AND type IN (1, 3)",
            "id1 = :b AND id2 = :a AND type IN (0, 3)"},
        /* unique_and_bidirectional */ {"id1 = :a", "id1 = :b AND id2 = :a AND type IN (0, 3)"},
        /* other */ {"id1 = :a AND type IN (0, 2)", "id1 = :a AND id2 = :b AND type IN (1, 3)", "id1 = :b AND id2 = :a"}};

    final Dialect dialect;
    final List<String> ddl;
    /** Run once on every connection (H2: our column names are keywords there), or null. */
    final String sessionInit;
    private final String fromDual;

    private TaoSql(Dialect dialect, List<String> ddl, String sessionInit, String fromDual) {
        this.dialect = dialect;
        this.ddl = ddl;
        this.sessionInit = sessionInit;
        this.fromDual = fromDual;
    }

    static TaoSql forDialect(Dialect dialect) {
        List<String> ddl = List.of(
                "CREATE TABLE objects (id BIGINT NOT NULL PRIMARY KEY, timestamp BIGINT NOT NULL, value VARCHAR(150) NOT NULL)",
                "CREATE TABLE edges (id1 BIGINT NOT NULL, id2 BIGINT NOT NULL, type BIGINT NOT NULL,"
                        + " timestamp BIGINT NOT NULL, value VARCHAR(150) NOT NULL, PRIMARY KEY (id1, id2, type))");
        return switch (dialect) {
            case POSTGRES -> new TaoSql(dialect, ddl, null, "");
            case MYSQL -> new TaoSql(dialect, ddl.stream().map(s -> s + " ENGINE=InnoDB").toList(), null, " FROM DUAL");
            case H2 -> new TaoSql(dialect, ddl, "SET NON_KEYWORDS VALUE", "");
            case MSSQL -> throw new BenchException("the tao workload has no SQL Server dialect yet");
        };
    }

    /** Multi-row insert of {@code rows} rows that skips rows whose key is already there. */
    String loadInsert(String table, int rows) {
        boolean edges = table.equals("edges");
        String columns = edges ? "(id1, id2, type, timestamp, value)" : "(id, timestamp, value)";
        String row = edges ? "(?, ?, ?, ?, ?)" : "(?, ?, ?)";
        StringBuilder sql = new StringBuilder(switch (dialect) {
            case MYSQL -> "INSERT IGNORE INTO ";
            case H2 -> "MERGE INTO ";
            default -> "INSERT INTO ";
        }).append(table).append(' ').append(columns);
        if (dialect == Dialect.H2) {
            sql.append(edges ? " KEY (id1, id2, type)" : " KEY (id)");
        }
        sql.append(" VALUES ");
        for (int i = 0; i < rows; i++) {
            sql.append(i == 0 ? "" : ", ").append(row);
        }
        if (dialect == Dialect.POSTGRES) {
            sql.append(" ON CONFLICT DO NOTHING");
        }
        return sql.toString();
    }

    /** Parameters: id, timestamp, value, id. */
    String objectAdd() {
        return "INSERT INTO objects (id, timestamp, value) SELECT ?, ?, ?" + fromDual
                + " WHERE NOT EXISTS (SELECT 1 FROM objects WHERE id = ?)";
    }

    /** Parameters: id1, id2, type, timestamp, value, then the guard's ids in {@link #guardOrder}. */
    String edgeAdd(EdgeType type) {
        return "INSERT INTO edges (id1, id2, type, timestamp, value) SELECT ?, ?, ?, ?, ?" + fromDual
                + " WHERE " + guard(type).replaceAll(":[ab]", "?");
    }

    private static String guard(EdgeType type) {
        StringBuilder where = new StringBuilder();
        for (String clause : GUARDS[type.ordinal()]) {
            where.append(where.length() == 0 ? "" : " AND ").append("NOT EXISTS (SELECT 1 FROM edges WHERE ").append(clause).append(')');
        }
        return where.toString();
    }

    /** For each guard placeholder of {@link #edgeAdd}, whether it is id1 (true) or id2 (false). */
    static boolean[] guardOrder(EdgeType type) {
        String guard = guard(type);
        List<Boolean> order = new java.util.ArrayList<>();
        for (int i = guard.indexOf(':'); i >= 0; i = guard.indexOf(':', i + 1)) {
            order.add(guard.charAt(i + 1) == 'a');
        }
        boolean[] result = new boolean[order.size()];
        for (int i = 0; i < result.length; i++) {
            result[i] = order.get(i);
        }
        return result;
    }
}
