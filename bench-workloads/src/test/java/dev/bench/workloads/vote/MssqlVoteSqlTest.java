package dev.bench.workloads.vote;

import dev.bench.core.ErrorKind;
import dev.bench.core.jdbc.SqlErrors;
import dev.bench.core.testing.LocalMemcached;
import org.junit.jupiter.api.Test;

import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** What can be checked of the mssql backend without a SQL Server (there is none on these machines). */
class MssqlVoteSqlTest {

    @Test
    void theViewIsOneSqlServerCanIndex() {
        String view = MssqlVoteSql.CREATE_VIEW;
        assertTrue(view.startsWith("CREATE VIEW dbo.awvc WITH SCHEMABINDING AS SELECT "), view);
        assertTrue(view.contains("FROM dbo.art AS art, dbo.vt AS vt WHERE art.id = vt.id"), "two-part names, inner join: " + view);
        assertTrue(view.contains("COUNT_BIG(*) AS votes") && !view.contains("COUNT(*)"), "indexed views need COUNT_BIG: " + view);
        assertTrue(view.endsWith("GROUP BY art.id, art.title"), view);
        assertFalse(view.contains("OUTER") || view.contains("LEFT") || view.contains("DISTINCT") || view.contains("*,"), view);
        assertEquals("CREATE UNIQUE CLUSTERED INDEX ix ON dbo.awvc (id)", MssqlVoteSql.DDL.get(3));
        assertTrue(MssqlVoteSql.DDL.get(0).contains("PRIMARY KEY NONCLUSTERED"), "the clustered index is the view's");
    }

    @Test
    void everySessionSetsWhatIndexedViewsRequire() {
        Map<String, String> set = new TreeMap<>();
        for (String statement : MssqlVoteSql.SESSION_OPTIONS.split(";\\s*")) {
            String[] words = statement.trim().split("\\s+");
            assertEquals("SET", words[0], statement);
            set.put(String.join(" ", Arrays.copyOfRange(words, 1, words.length - 1)), words[words.length - 1]);
        }
        Map<String, String> required = new TreeMap<>(Map.of("ANSI_NULLS", "ON", "ANSI_PADDING", "ON", "ANSI_WARNINGS", "ON",
                "ARITHABORT", "ON", "CONCAT_NULL_YIELDS_NULL", "ON", "QUOTED_IDENTIFIER", "ON", "NUMERIC_ROUNDABORT", "OFF"));
        required.put("TRANSACTION ISOLATION LEVEL READ", "UNCOMMITTED");
        assertEquals(required, set);
    }

    @Test
    void readsUseTheViewsIndexAndReportTrueCounts() {
        String read = MssqlVoteSql.read(3);
        assertEquals("SELECT id, title, votes - 1 AS votes FROM dbo.awvc WITH (NOEXPAND) WHERE id IN (?, ?, ?)", read);
        assertTrue(MssqlVoteSql.SUM_COUNTS.contains("SUM(votes - 1)") && MssqlVoteSql.SUM_COUNTS.contains("NOEXPAND"));
        assertTrue(MssqlVoteSql.COUNT_VOTES.endsWith("WHERE u <> -1"), "the primed votes are not votes");
        assertTrue(MssqlVoteSql.PRIME_VOTES.contains("SELECT -1, id FROM dbo.art"));
    }

    @Test
    void statementsStayWithinSqlServersLimits() {
        assertEquals(1000, count(MssqlVoteSql.insertVotes(MssqlVoteSql.MAX_VALUES_ROWS), "(0, ?)"));
        assertTrue(count(MssqlVoteSql.insertArticles(MssqlVoteSql.MAX_VALUES_ROWS), "?") <= 2100);
        assertTrue(count(MssqlVoteSql.read(MssqlVoteSql.MAX_IN_LIST), "?") <= 2100);
    }

    @Test
    void bigBatchesAreSplitAndAWriteStaysOneTransaction() throws SQLException {
        List<String> log = new ArrayList<>();
        MssqlVoteSession session = new MssqlVoteSession(recordingConnection(log), 5000);
        long[] ids = new long[3000];
        Arrays.fill(ids, 7);

        session.write(ids, 2500);
        session.read(ids, 3000);

        assertEquals(List.of("autoCommit false", "insert 1000", "insert 1000", "insert 500", "commit", "autoCommit true",
                "select 2048", "select 1024"), log);
        log.clear();
        session.write(ids, 3);
        assertEquals(List.of("insert 3"), log, "one statement needs no transaction");
    }

    @Test
    void sqlServerFailuresAreClassifiedLikeTheOtherDialects() throws Exception {
        // mssql-jdbc reports a deadlock victim as SQLSTATE 40001, error 1205
        assertEquals(ErrorKind.RETRYABLE, SqlErrors.classify(new SQLException("chosen as deadlock victim", "40001", 1205)));
        // a real driver error: nothing listens on this port
        String url = "jdbc:sqlserver://127.0.0.1:" + LocalMemcached.freePort() + ";loginTimeout=2;encrypt=false";
        SQLException refused = assertThrows(SQLException.class, () -> DriverManager.getConnection(url, "sa", "x"));
        assertEquals("08S01", refused.getSQLState(), refused.getMessage());
        assertEquals(ErrorKind.CONNECTION, SqlErrors.classify(refused));
    }

    private static int count(String text, String item) {
        return (text.length() - text.replace(item, "").length()) / item.length();
    }

    /** A Connection that logs what a session asks of it: statement sizes, transaction calls. */
    private static Connection recordingConnection(List<String> log) {
        return (Connection) Proxy.newProxyInstance(MssqlVoteSqlTest.class.getClassLoader(), new Class<?>[] {Connection.class},
                (proxy, method, args) -> switch (method.getName()) {
                    case "prepareStatement" -> recordingStatement(log, (String) args[0]);
                    case "setAutoCommit" -> log.add("autoCommit " + args[0]);
                    case "commit" -> log.add("commit");
                    default -> null;
                });
    }

    private static PreparedStatement recordingStatement(List<String> log, String sql) {
        String what = sql.startsWith("INSERT") ? "insert " + count(sql, "(0, ?)") : "select " + count(sql, "?");
        return (PreparedStatement) Proxy.newProxyInstance(MssqlVoteSqlTest.class.getClassLoader(),
                new Class<?>[] {PreparedStatement.class}, (proxy, method, args) -> switch (method.getName()) {
                    case "executeUpdate" -> {
                        log.add(what);
                        yield 1;
                    }
                    case "executeQuery" -> {
                        log.add(what);
                        yield emptyResultSet();
                    }
                    default -> null;
                });
    }

    private static ResultSet emptyResultSet() {
        return (ResultSet) Proxy.newProxyInstance(MssqlVoteSqlTest.class.getClassLoader(), new Class<?>[] {ResultSet.class},
                (proxy, method, args) -> method.getName().equals("next") ? false : null);
    }
}
