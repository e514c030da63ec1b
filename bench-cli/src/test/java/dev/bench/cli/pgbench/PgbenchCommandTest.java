package dev.bench.cli.pgbench;

import dev.bench.cli.CliRunner;
import dev.bench.core.testing.TestServers;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code bench pgbench} end to end: bad input refused before connecting, and a real run on PostgreSQL. */
class PgbenchCommandTest {

    /** Nothing listens there: an input that got as far as connecting would fail with exit 1, not 2. */
    private static final String NOWHERE = "jdbc:postgresql://127.0.0.1:1/nowhere";

    @TempDir
    Path dir;

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "-b nope                  | no builtin script found for name \"nope\"; available: tpcb-like, simple-update, select-only",
            "-b s                     | ambiguous builtin name: 2 builtin scripts found for prefix \"s\"",
            "-b tpcb@x                | invalid weight specification: @x",
            "-b tpcb@-1               | weight specification out of range (0 .. 2147483647): -1",
            "-S -S -S -f /no/such.sql | could not open file \"/no/such.sql\": no such file",
            "-F 5 -S                  | -F/--fillfactor must be in range 10..100",
            "-T 5 -t 5 -l --aggregate-interval 10 | specify either a number of transactions (-t) or a duration (-T), not both",
            "--progress-timestamp     | --progress-timestamp is allowed only under --progress",
            "-P 1 --progress-timestamp | --progress-timestamp is not supported by bench pgbench yet",
            "-b tpcb@0                | total script weight must not be zero",
            "-t 5 -T 5                | specify either a number of transactions (-t) or a duration (-T), not both",
            "-c 0                     | -c/--clients must be in range 1..2147483647",
            "-c three                 | invalid value \"three\" for option -c/--clients",
            "-R 0                     | invalid rate limit: \"0\"",
            "-D foobla                | invalid variable definition: \"foobla\"",
            "--bad-option             | unrecognized option '--bad-option'",
            "db1 db2                  | too many command-line arguments (first is \"db2\")",
            "-i -S                    | some of the specified options cannot be used in initialization (-i) mode",
            "-S -F 90                 | some of the specified options cannot be used in benchmarking mode",
            "-M fast                  | invalid query mode (-M): \"fast\"",
            "--sampling-rate 0.5      | log sampling (--sampling-rate) is allowed only when logging transactions (-l)",
            "-l --sampling-rate 2     | invalid sampling rate: \"2\"",
            "-l -T 5 --aggregate-interval 2 | duration (5) must be a multiple of aggregation interval (2)",
            "-l --sampling-rate 0.5 --aggregate-interval 1 | log sampling (--sampling-rate) and aggregation (--aggregate-interval) cannot be used",
            "-i --partitions -1       | --partitions must be in range 0..2147483647",
            "-i --partition-method list --partitions 2 | invalid partition method, expecting \"range\" or \"hash\", got: \"list\"",
            "-i --partition-method hash | --partition-method requires greater than zero --partitions",
            "--max-tries 0            | an unlimited number of transaction tries can only be used with --latency-limit or a duration (--time)",
            "--max-tries -1 -T 5      | invalid number of maximum tries: \"-1\"",
            "-f /no/such.sql          | could not open file \"/no/such.sql\": no such file",
            "-i -I dtx                | unrecognized initialization step \"x\"",
            "--random-seed soon       | unrecognized random seed option \"soon\"",
            "--warmup 2 -t 5          | --warmup needs a duration (--time): with a number of transactions every one counts",
            "--warmup 1               | --warmup needs a duration (--time): with a number of transactions every one counts",
            "--warmup -1 -T 5         | --warmup must be >= 0, got -1.0",
            "-t 5 --schedule 2s:100   | -t counts each client's transactions and --schedule sets the run's length: give one",
    })
    void badInputIsOneLineAndExitOneBeforeConnecting(String args, String expected) {
        List<String> argv = new ArrayList<>(List.of("pgbench", "--url", NOWHERE));
        argv.addAll(List.of(args.split(" +")));
        CliRunner r = CliRunner.run(argv.toArray(String[]::new));
        assertEquals(PgbenchCommand.EXIT_BAD_INPUT, r.exitCode(), r.err());
        assertTrue(r.errorLines().get(0).startsWith("bench: " + expected), r.err());
        assertFalse(r.err().contains("\tat "), "no stack trace");
    }

    @Test
    void sqlServerIsRefusedBeforeConnecting() {
        CliRunner r = CliRunner.run("pgbench", "--url", "jdbc:sqlserver://127.0.0.1:1;databaseName=x", "-i");
        assertEquals(PgbenchCommand.EXIT_BAD_INPUT, r.exitCode(), r.err());
        assertTrue(r.errorLines().get(0).startsWith("bench: bench pgbench does not support SQL Server yet"), r.err());
    }

    @Test
    void tablespacesAreRefusedOffPostgresBeforeConnecting() {
        CliRunner r = CliRunner.run("pgbench", "--url", "jdbc:mysql://127.0.0.1:1/x", "-i", "--tablespace", "ts");
        assertEquals(PgbenchCommand.EXIT_BAD_INPUT, r.exitCode(), r.err());
        assertTrue(r.errorLines().get(0).startsWith("bench: --tablespace and --index-tablespace are PostgreSQL's; "
                + "bench pgbench makes no tablespaces on mysql"), r.err());
    }

    @Test
    void aScriptErrorNamesFileAndLineBeforeConnecting() throws Exception {
        Path script = dir.resolve("bad.sql");
        Files.writeString(script, "\\set aid random(1, 10)\nSELECT :aid;\n\\set x 1 +* 2\n");
        CliRunner r = CliRunner.run("pgbench", "--url", NOWHERE, "-f", script.toString());
        assertEquals(PgbenchCommand.EXIT_BAD_INPUT, r.exitCode(), r.err());
        assertTrue(r.errorLines().get(0).startsWith("bench: " + script + ":3: syntax error in command \"set\""), r.err());
    }

    /** A client that aborted (here on a server error): the server's words as libpq gives them, pgbench's report, exit 2. */
    @Test
    void anAbortedClientExitsTwo() throws Exception {
        Path script = dir.resolve("div.sql");
        Files.writeString(script, "SELECT 1/0;\n");
        CliRunner r = CliRunner.run("pgbench", "--url", TestServers.postgresUrl(), "-n", "-c", "2", "-t", "3", "-f", script.toString(),
                "--results", dir.resolve("aborted").toString());
        assertEquals(PgbenchCommand.EXIT_ABORTED, r.exitCode(), r.err());
        assertTrue(r.err().contains("pgbench: error: client 0 script 0 aborted in command 0 query 0: ERROR:  division by zero"), r.err());
        assertTrue(r.out().contains("number of transactions actually processed: 0/6"), "the report still comes: " + r.out());
        assertTrue(r.out().contains("number of failed transactions: 0 (0.000%)"), "an abort is not a failed transaction: " + r.out());
        assertTrue(r.errorLines().get(r.errorLines().size() - 1).equals("bench: Run was aborted; the above results are incomplete."), r.err());
    }

    @Test
    void versionSaysWhichPgbenchItSpeaksAndThatItIsBench() {
        CliRunner r = CliRunner.run("pgbench", "-V");
        assertEquals(0, r.exitCode(), r.err());
        assertTrue(r.out().startsWith("pgbench (PostgreSQL) 15 (bench pgbench, bench "), r.out());
        assertEquals("", r.err());
    }

    @Test
    void builtinListIsPgbenchs() {
        CliRunner r = CliRunner.run("pgbench", "-b", "list");
        assertEquals(0, r.exitCode(), r.err());
        assertTrue(r.err().startsWith("Available builtin scripts:\n    tpcb-like: <builtin: TPC-B (sort of)>\n"), r.err());
        assertEquals("", r.out());
    }

    /** pgbench prints nothing on stderr in a good run without -P: the run template's live lines are left out. */
    @Test
    void aGoodRunWithoutProgressPrintsNothingOnStderr() throws Exception {
        Path script = dir.resolve("one.sql");
        Files.writeString(script, "SELECT 1;\n");
        CliRunner r = CliRunner.run("pgbench", "--url", TestServers.postgresUrl(), "-n", "-f", script.toString(), "-T", "2", "-R", "20",
                "--report-interval", "0.5", "--results", dir.resolve("quiet").toString());
        assertEquals(0, r.exitCode(), r.err());
        assertTrue(r.out().contains("number of transactions actually processed: "), r.out());
        assertEquals("", r.err());
    }

    /** -d prints each client's steps; debug() as pgbench words it; an option given twice is no error, as with getopt. */
    @Test
    void debugPrintsWhatEachClientSendsAndAFlagMayBeRepeated() throws Exception {
        Path script = dir.resolve("one.sql");
        Files.writeString(script, "\\set x debug(1)\nSELECT :x;\n");
        CliRunner r = CliRunner.run("pgbench", "--url", TestServers.postgresUrl(), "-n", "-n", "-d", "-f", script.toString(), "-t", "1",
                "--results", dir.resolve("debug").toString());
        assertEquals(0, r.exitCode(), r.err());
        assertTrue(r.err().contains("pgbench: client 0 executing \\set x\n"), r.err());
        assertTrue(r.err().contains("debug(script=0,command=1): int 1\n"), "pgbench's debug() line: " + r.err());
        // simple mode: the statement as sent, its variables' values in it
        assertTrue(r.err().contains("pgbench: client 0 sending SELECT 1\npgbench: client 0 receiving\n"), r.err());
    }

    @Test
    void showScriptPrintsTheBuiltin() {
        CliRunner r = CliRunner.run("pgbench", "--show-script", "se");
        assertEquals(0, r.exitCode(), r.err());
        assertTrue(r.err().startsWith("-- select-only: <builtin: select only>\n"), "pgbench's heading: " + r.err());
        assertTrue(r.err().contains("SELECT abalance FROM pgbench_accounts WHERE aid = :aid;"), r.err());
    }

    /** --help in pgbench's sections (the suite reads them), every option in one of them, nothing on stderr. */
    @Test
    void helpHasPgbenchsSections() {
        CliRunner r = CliRunner.run("pgbench", "--help");
        assertEquals(0, r.exitCode(), r.err());
        assertEquals("", r.err());
        for (String part : List.of("is a benchmarking tool for PostgreSQL", "Usage:", "Initialization options:", "Options to select what to run:",
                "Benchmarking options:", "Common options:", "--random-seed=SEED", "--url", "Report bugs to")) {
            assertTrue(r.out().contains(part), part + " in: " + r.out());
        }
    }

    /** A schedule (a scenario's phases) bounds the run as -T does, after --warmup; not pgbench's default -t 10. */
    @Test
    void aScheduleSetsTheRunsLengthOnPostgres() throws Exception {
        String url = TestServers.postgresUrl();
        CliRunner init = CliRunner.run("pgbench", "--url", url, "-i", "-s", "1", "-q");
        assertEquals(0, init.exitCode(), init.err());
        try {
            CliRunner r = CliRunner.run("pgbench", "--url", url, "-c", "2", "-M", "prepared", "--schedule", "2s:100",
                    "--warmup", "1", "--results", dir.resolve("scheduled").toString());
            assertEquals(0, r.exitCode(), r.err());
            assertTrue(r.out().contains("duration: 2 s"), r.out());
            Matcher m = Pattern.compile("number of transactions actually processed: (\\d+)\n").matcher(r.out());
            assertTrue(m.find(), r.out());
            long processed = Long.parseLong(m.group(1));
            assertTrue(processed > 120 && processed < 280, "2 s at 100/s: " + processed);
            assertTrue(r.out().contains("# integrity: ok"), r.out());
        } finally {
            CliRunner.run("pgbench", "--url", url, "-i", "-I", "d");
        }
    }

    @Test
    void initializeThenRunOnPostgresPrintsPgbenchsReportAndWritesResults() throws Exception {
        String url = TestServers.postgresUrl();
        CliRunner init = CliRunner.run("pgbench", "--url", url, "-i", "-s", "1", "-q");
        assertEquals(0, init.exitCode(), init.err());
        assertTrue(init.err().contains("creating primary keys..."), init.err());
        try {
            Path results = dir.resolve("results");
            CliRunner r = CliRunner.run("pgbench", "--url", url, "-c", "2", "-t", "25", "-M", "prepared", "-r",
                    "--results", results.toString());
            assertEquals(0, r.exitCode(), r.err());
            assertTrue(r.out().contains("number of transactions actually processed: 50/50"), r.out());
            assertTrue(r.out().contains("# integrity: ok: history +50 rows for 50 committed"), r.out());
            assertTrue(r.out().contains("statement latencies in milliseconds and failures:"), r.out());
            assertTrue(Files.exists(results.resolve("summary.json")), "summary.json");
        } finally {
            CliRunner.run("pgbench", "--url", url, "-i", "-I", "d");
        }
    }
}
