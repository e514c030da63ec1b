package dev.bench.cli.sysbench;

import dev.bench.cli.CliRunner;
import dev.bench.core.results.verify.ResultsInvariants;
import dev.bench.core.testing.TestServers;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code bench sysbench bulk_insert}: a table per thread, multi-row INSERTs of (n,n), sysbench's counts, on each server. */
class SysbenchBulkInsertTest {

    @TempDir
    Path dir;

    private String url(String server) {
        return switch (server) {
            case "postgres" -> TestServers.postgresUrl();
            case "mysql" -> TestServers.mysqlUrl();
            default -> "jdbc:h2:file:" + dir.resolve("h2").resolve("sbtest");
        };
    }

    @ParameterizedTest
    @ValueSource(strings = {"postgres", "mysql", "h2"})
    void eachThreadFillsItsOwnTable(String server) throws SQLException {
        String url = url(server);
        CliRunner.run("sysbench", "bulk_insert", "--url=" + url, "--threads=2", "cleanup");
        CliRunner prepare = CliRunner.run("sysbench", "bulk_insert", "--url=" + url, "--threads=2", "--verbosity=1", "prepare");
        assertEquals(0, prepare.exitCode(), prepare.out() + prepare.err());
        assertEquals("Creating table 'sbtest1'...\nCreating table 'sbtest2'...\n", prepare.out());
        try {
            CliRunner run = CliRunner.run("sysbench", "bulk_insert", "--url=" + url, "--threads=2", "--events=100",
                    "--results=" + dir.resolve("r"), "run");
            assertEquals(0, run.exitCode(), run.out() + run.err());
            String out = run.out();
            assertTrue(out.contains("Number of threads: 2\n"), out);
            assertEquals(100, number(out, "    transactions:"), out);
            long writes = number(out, "        write:");
            assertTrue(writes == 1 || writes == 2, "one INSERT per thread that ran events: " + out);
            assertEquals(0, number(out, "        read:") + number(out, "        other:"), out);
            assertEquals(writes, number(out, "    queries:"), out);
            ResultsInvariants.assertHold(dir.resolve("r"));
            List<Long> rows = rows(url, 2);
            assertEquals(100, rows.get(0) + rows.get(1), "every event's row is stored: " + rows);
        } finally {
            CliRunner cleanup = CliRunner.run("sysbench", "bulk_insert", "--url=" + url, "--threads=2", "cleanup");
            assertEquals(0, cleanup.exitCode(), cleanup.out());
            assertTrue(cleanup.out().endsWith("Dropping table 'sbtest1'...\nDropping table 'sbtest2'...\n"), cleanup.out());
        }
    }

    /** 60000 rows of "(n,n)" pass sysbench's 512 KiB query buffer: the INSERT is sent when full, ids 1..60000 in order. */
    @ParameterizedTest
    @ValueSource(strings = {"postgres", "mysql"})
    void aFullBufferIsSentAndANewInsertBegun(String server) throws SQLException {
        String url = url(server);
        CliRunner.run("sysbench", "bulk_insert", "--url=" + url, "cleanup");
        assertEquals(0, CliRunner.run("sysbench", "bulk_insert", "--url=" + url, "prepare").exitCode());
        try {
            CliRunner run = CliRunner.run("sysbench", "bulk_insert", "--url=" + url, "--events=60000", "--time=0",
                    "--results=" + dir.resolve("r"), "run");
            assertEquals(0, run.exitCode(), run.out() + run.err());
            // 9*5 + 90*7 + 900*9 + 9000*11 + 50001*13 bytes of rows and 59999 commas (about 818 KB): two INSERTs
            assertEquals(2, number(run.out(), "        write:"), run.out());
            assertEquals(List.of(60000L), rows(url, 1));
            try (Connection c = DriverManager.getConnection(url); Statement st = c.createStatement();
                 ResultSet rs = st.executeQuery("SELECT min(id), max(id), sum(CASE WHEN k = id THEN 1 ELSE 0 END) FROM sbtest1")) {
                assertTrue(rs.next());
                assertEquals(List.of(1L, 60000L, 60000L), List.of(rs.getLong(1), rs.getLong(2), rs.getLong(3)));
            }
        } finally {
            assertEquals(0, CliRunner.run("sysbench", "bulk_insert", "--url=" + url, "cleanup").exitCode());
        }
    }

    /** A second run without cleanup inserts ids 1.. again: its INSERT fails at the thread's end, and so does the run. */
    @Test
    void aRunIntoFullTablesFailsOnItsLastInsert() {
        String url = "--url=" + url("h2");
        assertEquals(0, CliRunner.run("sysbench", "bulk_insert", url, "prepare").exitCode());
        assertEquals(0, CliRunner.run("sysbench", "bulk_insert", url, "--events=10", "run").exitCode());
        CliRunner again = CliRunner.run("sysbench", "bulk_insert", url, "--events=10", "run");
        assertEquals(1, again.exitCode(), again.out());
        String last = again.out().lines().reduce((a, b) -> b).orElse("");
        assertTrue(last.startsWith("FATAL: ") && last.contains("bulk_insert: the last INSERT failed: "), again.out());
    }

    @ParameterizedTest
    @ValueSource(strings = {"help", "prewarm"})
    void itHasNoHelpAndNoPrewarm(String command) {
        CliRunner r = CliRunner.run("sysbench", "bulk_insert", "--url=" + url("h2"), command);
        assertEquals(1, r.exitCode());
        assertTrue((r.out() + r.err()).contains("'bulk_insert' test does not implement the '" + command + "' command."), r.out() + r.err());
        assertFalse(r.err().contains("\tat "), r.err());
    }

    private static List<Long> rows(String url, int tables) throws SQLException {
        List<Long> rows = new ArrayList<>();
        try (Connection c = DriverManager.getConnection(url); Statement st = c.createStatement()) {
            for (int i = 1; i <= tables; i++) {
                try (ResultSet rs = st.executeQuery("SELECT count(*) FROM sbtest" + i)) {
                    rs.next();
                    rows.add(rs.getLong(1));
                }
            }
        }
        return rows;
    }

    private static long number(String out, String label) {
        String rest = out.substring(out.indexOf(label) + label.length()).strip();
        return Long.parseLong(rest.split("\\s+")[0]);
    }
}
