package dev.bench.workloads.pgbench;

/**
 * pgbench's {@code --tablespace} and {@code --index-tablespace}: where {@code -i} creates the four tables
 * and their primary keys' indexes, on PostgreSQL. The names are quoted as pgbench quotes them
 * (PQescapeIdentifier), so they are taken as written, case included.
 *
 * @param tables  null: the database's default
 * @param indexes null: the database's default
 */
public record Tablespaces(String tables, String indexes) {

    public static final Tablespaces NONE = new Tablespaces(null, null);

    boolean given() {
        return tables != null || indexes != null;
    }

    /** Closes a create table, after its fill factor or partitioning: {@code  tablespace "ts"}, or nothing. */
    String tableClause() {
        return tables == null ? "" : " tablespace " + quoted(tables);
    }

    /** Closes an add primary key: {@code  using index tablespace "ts"}, or nothing. */
    String indexClause() {
        return indexes == null ? "" : " using index tablespace " + quoted(indexes);
    }

    private static String quoted(String name) {
        return '"' + name.replace("\"", "\"\"") + '"';
    }
}
