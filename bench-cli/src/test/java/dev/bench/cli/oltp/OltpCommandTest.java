package dev.bench.cli.oltp;

import dev.bench.core.results.verify.ResultsInvariants;
import dev.bench.cli.CliRunner;
import dev.bench.core.testing.TestServers;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.file.Files;
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

/** {@code bench oltp-rw} end to end: bad input, the order of steps, and a small real run on PostgreSQL. */
class OltpCommandTest {

    @TempDir
    Path dir;

    @AfterEach
    void cleanup() {
        CliRunner.run("oltp-rw", "cleanup", "--url", TestServers.postgresUrl(), "--tables", "2");
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "oltp-rw run --tables 0                 | --tables must be >= 1, got 0",
            "oltp-rw prepare --table-size 0         | --table-size must be >= 1, got 0",
            "oltp-rw run --time -5                  | --time must be 0..31622400 s, got -5",
            "oltp-rw run --events -1                | --events must be >= 0, got -1",
            "oltp-rw run --time 0                   | --time 0 needs --events N",
            "oltp-rw run --rand-type normal         | --rand-type must be one of uniform, gaussian, special, pareto, zipfian, got 'normal'",
            "oltp-rw run --skip-trx=maybe           | --skip-trx must be on or off, got 'maybe'",
            "oltp-rw run --percentile 101           | --percentile must be 0..100, got 101",
            "oltp-rw run --report-interval -1       | --report-interval must be 0..31622400 s",
            "oltp-rw                                | name a step: prepare, run or cleanup",
            "data-serving --oltp-rw --run           | Missing required option: '--server-ip=IP'",
            "data-serving --oltp-rw --tpcc --run --server-ip=h | Error: --oltp-rw, --tpcc are mutually exclusive",
            "data-serving --oltp-rw --server-ip=h   | Error: Missing required argument (specify one of these): (--warmup | --run)",
            "data-serving --oltp-rw --run --server-ip=h --scale 5 | --scale is tpcc's warehouses",
    })
    void badInputIsOneLineAndExitTwo(String args, String expected) {
        CliRunner r = CliRunner.run(args.split(" +"));

        assertEquals(2, r.exitCode(), r.err());
        assertEquals(2, r.errorLines().size(), "one error line and one hint: " + r.err());
        assertTrue(r.errorLines().get(0).startsWith("bench: " + expected), r.err());
        assertFalse(r.err().contains("\tat "), "no stack trace");
        assertEquals("", r.out());
    }

    @Test
    void prepareRunCleanupOnPostgres() throws Exception {
        String url = TestServers.postgresUrl();
        CliRunner.run("oltp-rw", "cleanup", "--url", url, "--tables", "2");

        CliRunner early = CliRunner.run("oltp-rw", "run", "--url", url, "--tables=2", "--table-size=500");
        assertEquals(1, early.exitCode(), early.err());
        assertTrue(early.err().contains("tables missing") && early.err().contains("run prepare first"), early.err());

        CliRunner prepare = CliRunner.run("oltp-rw", "prepare", "--url", url, "--tables=2", "--table_size=500", "--threads=2");
        assertEquals(0, prepare.exitCode(), prepare.err());
        assertTrue(prepare.out().contains("Inserting 500 records into 'sbtest2'"), prepare.out());
        assertTrue(prepare.out().contains("Loaded 1000 rows into 2 table(s)"), prepare.out());

        CliRunner again = CliRunner.run("oltp-rw", "prepare", "--url", url, "--tables=2", "--table-size=500");
        assertEquals(1, again.exitCode());
        assertTrue(again.err().contains("run cleanup first"), again.err());

        Path results = dir.resolve("run");
        CliRunner run = CliRunner.run("oltp-rw", "run", "--url", url, "--tables=2", "--table-size=500", "--threads=2",
                "--time=0", "--events=60", "--rand-type=uniform", "--report-interval=1", "--results", results.toString());
        assertEquals(0, run.exitCode(), run.out() + run.err());
        String out = run.out();
        assertTrue(out.contains("Number of threads: 2"), out);
        assertTrue(out.contains("    transactions:                        60     ("), out);
        assertTrue(out.contains("    total number of events:              60\n"), out);
        assertTrue(out.contains("         95th percentile: "), out);
        assertTrue(out.contains("    events (avg/stddev):           30.0000/"), out);
        assertTrue(out.contains("# integrity: ok: all 2 table(s) hold 500 rows"), out);
        String summary = Files.readString(results.resolve("summary.json"));
        ResultsInvariants.assertHold(results);
        assertTrue(summary.contains("\"workload\": \"oltp-rw\"") || summary.contains("\"workload\":\"oltp-rw\""), summary);
        assertFalse(summary.contains("password=") && !summary.contains("password=****"), "no password in " + summary);

        CliRunner cleanup = CliRunner.run("oltp-rw", "cleanup", "--url", url, "--tables=2");
        assertEquals(0, cleanup.exitCode(), cleanup.err());
        assertTrue(cleanup.out().contains("Dropping table 'sbtest1'...") && cleanup.out().contains("Dropping table 'sbtest2'..."),
                cleanup.out());
    }

    @Test
    void warmupTimeLeavesTheFirstSecondsOutOfEveryFigure() {
        CliRunner run = runOnOneFreshTable("--threads=1", "--warmup-time=1", "--time=1", "--report-interval=1",
                "--results", dir.resolve("warm").toString());
        String out = run.out();
        assertTrue(out.contains("Warming up for 1 seconds..."), out);
        // one thread, no conflicts: 14 reads a transaction, so warmup statements would show as extra reads
        long transactions = number(out, "    transactions:");
        long reads = number(out, "        read:");
        assertTrue(transactions > 0, out);
        assertEquals(14 * transactions, reads, out);
        assertEquals(transactions, number(out, "    total number of events:"), out);
    }

    /** Prepares one 500-row table on PostgreSQL and runs oltp-rw on it with these options; it must exit 0. */
    private static CliRunner runOnOneFreshTable(String... options) {
        String url = TestServers.postgresUrl();
        CliRunner.run("oltp-rw", "cleanup", "--url", url, "--tables", "2");
        assertEquals(0, CliRunner.run("oltp-rw", "prepare", "--url", url, "--tables=1", "--table-size=500").exitCode());
        List<String> args = new ArrayList<>(List.of("oltp-rw", "run", "--url", url, "--tables=1", "--table-size=500"));
        args.addAll(List.of(options));
        CliRunner run = CliRunner.run(args.toArray(String[]::new));
        assertEquals(0, run.exitCode(), run.out() + run.err());
        return run;
    }

    private static long number(String out, String label) {
        String rest = out.substring(out.indexOf(label) + label.length()).strip();
        return Long.parseLong(rest.split("\\s+")[0]);
    }

    @ParameterizedTest
    @ValueSource(strings = {"jdbc:mysql", "jdbc:mariadb"})
    void onMysqlTheStatementsArePreparedOnTheServerAsSysbenchsAre(String scheme) throws Exception {
        String url = scheme.equals("jdbc:mysql") ? TestServers.mysqlUrl() : TestServers.mariadbDriverUrl();
        CliRunner.run("oltp-rw", "cleanup", "--url", url, "--tables", "1");
        try {
            assertEquals(0, CliRunner.run("oltp-rw", "prepare", "--url", url, "--tables=1", "--table-size=500").exitCode());
            long before = serverExecutions(url);
            CliRunner run = CliRunner.run("oltp-rw", "run", "--url", url, "--tables=1", "--table-size=500", "--threads=1",
                    "--time=0", "--events=50", "--results", dir.resolve(scheme.replace(':', '-')).toString());
            assertEquals(0, run.exitCode(), run.out() + run.err());
            assertTrue(run.out().contains("# integrity: ok: all 1 table(s) hold 500 rows"), run.out());
            // 18 statements an event (10 point selects, 4 ranges, 2 updates, delete, insert); other sessions only add
            long executions = serverExecutions(url) - before;
            assertTrue(executions >= 50 * 18, "server-side executions: " + executions);
        } finally {
            CliRunner.run("oltp-rw", "cleanup", "--url", url, "--tables", "1");
        }
    }

    /** The server's count of prepared-statement executions (COM_STMT_EXECUTE), all sessions. */
    private static long serverExecutions(String url) throws SQLException {
        try (Connection c = DriverManager.getConnection(url); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SHOW GLOBAL STATUS LIKE 'Com_stmt_execute'")) {
            assertTrue(rs.next());
            return rs.getLong(2);
        }
    }

    @Test
    void rateModePrintsQueueAndConcurrencyLines() {
        CliRunner run = runOnOneFreshTable("--threads=2", "--time=2", "--rate=20", "--report-interval=1",
                "--results", dir.resolve("rate").toString());
        assertTrue(run.out().contains("Target transaction rate: 20/sec"), run.out());
        assertTrue(run.out().matches("(?s).*\\[ 1s \\] thds: 2 tps: [0-9.]+ qps: .*\\n\\[ 1s \\] queue length: \\d+, concurrency: \\d\\n.*"),
                run.out());
    }
}
