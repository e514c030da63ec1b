package dev.bench.workloads.vote;

import dev.bench.core.BenchException;
import dev.bench.core.jdbc.Dialect;

import java.util.Collections;
import java.util.List;

/**
 * The vote schema and statements for one SQL dialect, as Noria's {@code mysql} client has them, with
 * one change: a batch's votes and count updates commit together, and duplicate ids count once each.
 *
 * @param ddl         statements that create the tables, in order
 * @param sessionInit run once on each worker connection, or null
 */
record VoteSql(List<String> ddl, String sessionInit) {

    static final List<String> TABLES = List.of("art", "vt");

    static final String COUNT_VOTES = "SELECT COUNT(*) FROM vt";
    static final String SUM_COUNTS = "SELECT COALESCE(SUM(votes), 0) FROM art";
    static final String MAX_ARTICLE = "SELECT COALESCE(MAX(id), 0) FROM art";

    /** The MySQL engines a user may choose: Noria's MEMORY (no transactions) or InnoDB (our default). */
    static final List<String> MYSQL_ENGINES = List.of("InnoDB", "MEMORY");

    static VoteSql forDialect(Dialect dialect, String mysqlEngine) {
        return switch (dialect) {
            case POSTGRES, H2 -> new VoteSql(List.of(
                    "CREATE TABLE art (id BIGINT NOT NULL PRIMARY KEY, title VARCHAR(16) NOT NULL, votes BIGINT NOT NULL)",
                    "CREATE TABLE vt (u BIGINT NOT NULL, id BIGINT NOT NULL)",
                    "CREATE INDEX vt_id ON vt (id)"), null);
            case MYSQL -> {
                String engine = MYSQL_ENGINES.stream().filter(e -> e.equalsIgnoreCase(mysqlEngine)).findFirst()
                        .orElseThrow(() -> new BenchException("--engine must be one of " + MYSQL_ENGINES + ", got " + mysqlEngine));
                yield new VoteSql(List.of(
                        "CREATE TABLE art (id BIGINT NOT NULL, title VARCHAR(16) NOT NULL, votes BIGINT NOT NULL,"
                                + " PRIMARY KEY USING HASH (id)) ENGINE=" + engine,
                        "CREATE TABLE vt (u BIGINT NOT NULL, id BIGINT NOT NULL, KEY id (id)) ENGINE=" + engine),
                        "SET SESSION TRANSACTION ISOLATION LEVEL READ UNCOMMITTED");
            }
            // SQL Server's counts are an indexed view: MssqlVoteSql, the mssql backend's own layout
            case MSSQL -> throw new BenchException("the mssql backend keeps its counts in an indexed view (MssqlVoteSql);"
                    + " this table layout has no SQL Server form");
        };
    }

    static String insertArticles(int rows) {
        return "INSERT INTO art (id, title, votes) VALUES " + repeat("(?, ?, 0)", rows);
    }

    /** {@code n} ids, sorted and distinct (callers may pad with repeats of the last id). */
    static String read(int n) {
        return "SELECT id, title, votes FROM art WHERE id IN (" + repeat("?", n) + ")";
    }

    static String insertVotes(int n) {
        return "INSERT INTO vt (u, id) VALUES " + repeat("(0, ?)", n);
    }

    /**
     * One statement for {@code distinct} ids, each raised by its own number of votes: one index scan in
     * key order, so concurrent vote batches lock rows in the same order and don't deadlock.
     */
    static String addVotes(int distinct) {
        StringBuilder sql = new StringBuilder("UPDATE art SET votes = votes + CASE id");
        for (int i = 0; i < distinct; i++) {
            sql.append(" WHEN ? THEN ?");
        }
        return sql.append(" END WHERE id IN (").append(repeat("?", distinct)).append(')').toString();
    }

    private static String repeat(String item, int n) {
        return String.join(", ", Collections.nCopies(n, item));
    }
}
