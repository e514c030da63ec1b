package dev.bench.workloads.vote;

import java.util.Collections;
import java.util.List;

/**
 * Noria's {@code mssql} schema and statements: the vote counts live in an indexed view that SQL
 * Server maintains on every vote insert (its materialized view).
 *
 * <p>One change from Noria: its view is an inner join, so an article shows up only once it has a
 * vote, and Noria primes one vote per article and reports every count one high. We prime the same
 * one vote per article (user {@value #PRIME_USER}, so the view holds every article) and subtract it
 * in every read and in the check: counts are true.
 */
final class MssqlVoteSql {

    /** The user id of the one vote per article that priming inserts. */
    static final long PRIME_USER = -1;
    /** SQL Server's limit on the rows of one VALUES list. */
    static final int MAX_VALUES_ROWS = 1000;
    /** SQL Server's limit on the parameters of one statement is 2100. */
    static final int MAX_IN_LIST = 2048;

    static final String VIEW = "awvc";
    /** Dropped and created in this order (the view is bound to both tables). */
    static final List<String> TABLES = List.of("art", "vt");

    /**
     * What indexed views require of the session that creates them and of every session that writes
     * to their tables (otherwise inserts fail with error 1934); READ UNCOMMITTED as in Noria.
     */
    static final String SESSION_OPTIONS = String.join("; ",
            "SET ANSI_NULLS ON", "SET ANSI_PADDING ON", "SET ANSI_WARNINGS ON", "SET ARITHABORT ON",
            "SET CONCAT_NULL_YIELDS_NULL ON", "SET QUOTED_IDENTIFIER ON", "SET NUMERIC_ROUNDABORT OFF",
            "SET TRANSACTION ISOLATION LEVEL READ UNCOMMITTED");

    /** Two-part names, COUNT_BIG and an inner join: what SCHEMABINDING and the unique clustered index need. */
    static final String CREATE_VIEW = "CREATE VIEW dbo.awvc WITH SCHEMABINDING AS"
            + " SELECT art.id, art.title, COUNT_BIG(*) AS votes FROM dbo.art AS art, dbo.vt AS vt"
            + " WHERE art.id = vt.id GROUP BY art.id, art.title";

    static final List<String> DDL = List.of(
            "CREATE TABLE dbo.art (id BIGINT NOT NULL PRIMARY KEY NONCLUSTERED, title VARCHAR(16) NOT NULL)",
            "CREATE TABLE dbo.vt (u BIGINT NOT NULL, id BIGINT NOT NULL INDEX vt_article_idx)",
            CREATE_VIEW,
            "CREATE UNIQUE CLUSTERED INDEX ix ON dbo.awvc (id)");

    static final String DROP_VIEW = "DROP VIEW dbo.awvc";

    static final String PRIME_VOTES = "INSERT INTO dbo.vt (u, id) SELECT " + PRIME_USER + ", id FROM dbo.art";
    static final String COUNT_VOTES = "SELECT COUNT_BIG(*) FROM dbo.vt WHERE u <> " + PRIME_USER;
    static final String SUM_COUNTS = "SELECT COALESCE(SUM(votes - 1), 0) FROM dbo.awvc WITH (NOEXPAND)";
    static final String MAX_ARTICLE = "SELECT COALESCE(MAX(id), 0) FROM dbo.art";

    private MssqlVoteSql() {
    }

    static String insertArticles(int rows) {
        return "INSERT INTO dbo.art (id, title) VALUES " + repeat("(?, ?)", rows);
    }

    /** Reads through the view's index (NOEXPAND), without the primed vote. */
    static String read(int n) {
        return "SELECT id, title, votes - 1 AS votes FROM dbo.awvc WITH (NOEXPAND) WHERE id IN (" + repeat("?", n) + ")";
    }

    /** The only write: the indexed view counts the new rows. At most {@value #MAX_VALUES_ROWS} rows. */
    static String insertVotes(int n) {
        return "INSERT INTO dbo.vt (u, id) VALUES " + repeat("(0, ?)", n);
    }

    private static String repeat(String item, int n) {
        return String.join(", ", Collections.nCopies(n, item));
    }
}
