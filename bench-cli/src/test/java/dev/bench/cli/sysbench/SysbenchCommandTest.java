package dev.bench.cli.sysbench;

import dev.bench.cli.CliRunner;
import dev.bench.core.results.verify.ResultsInvariants;
import dev.bench.core.testing.TestServers;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code bench sysbench} end to end: sysbench's grammar, texts, errors and each bundled script on PostgreSQL. */
class SysbenchCommandTest {

    private static final String BANNER = "sysbench 1.0.20 (bench sysbench, bench ";

    @TempDir
    Path dir;

    @AfterEach
    void cleanup() {
        CliRunner.run("sysbench", "oltp_read_write", "--url=" + TestServers.postgresUrl(), "--tables=2", "cleanup");
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "foo bar                                   | FATAL: Cannot find benchmark 'foo': no such built-in test, file or module",
            "oltp_read_write --no-such=1 run           | FATAL: invalid option: --no-such",
            "oltp_read_write --histogram=on run        | FATAL: bench sysbench does not do --histogram=on (only off)",
            "oltp_read_write --report-checkpoints=1,x run | FATAL: Invalid value for --report-checkpoints: 'x'",
            "oltp_read_write --tables=0 run            | FATAL: --tables must be >= 1, got 0",
            "oltp_read_write --skip_trx=maybe run      | FATAL: --skip-trx must be on or off, got 'maybe'",
            "select_random_points --tables=2 prepare   | FATAL: this benchmark does not support --tables > 1",
            "oltp_read_write --mysql-storage-engine=my-isam run | FATAL: --mysql-storage-engine must be an engine",
            "oltp_point_select prewarm                 | FATAL: oltp_common.lua: prewarm is currently MySQL only",
            "oltp_read_write cpu                       | FATAL: 'oltp_read_write' test does not implement the 'cpu' command.",
    })
    void errorsAreSysbenchsFatalLineAfterItsBannerAndExitOne(String args, String expected) {
        CliRunner r = CliRunner.run(("sysbench " + args).split(" +"));

        assertEquals(1, r.exitCode(), r.out() + r.err());
        List<String> lines = r.out().lines().toList();
        assertTrue(lines.get(0).startsWith(BANNER), r.out());
        assertEquals("", lines.get(1));
        assertTrue(lines.get(2).startsWith(expected), r.out());
        assertEquals(3, lines.size(), r.out());
        assertFalse(r.err().contains("\tat "), "no stack trace");
    }

    @Test
    void aThirdPositionalAndANonexistingDriverAreSysbenchsLines() {
        CliRunner extra = CliRunner.run("sysbench", "foo", "bar", "baz");
        assertEquals(1, extra.exitCode());
        assertEquals("Unrecognized command line argument: baz\n", extra.out());

        CliRunner driver = CliRunner.run("sysbench", "--db-driver=nonexisting", "/usr/share/sysbench/oltp_read_write.lua", "cleanup");
        assertEquals(1, driver.exitCode());
        assertTrue(driver.out().contains("\nFATAL: invalid database driver name: 'nonexisting'\n"
                + "FATAL: `cleanup' function failed: "), driver.out());
    }

    @Test
    void versionAndHelpAreInSysbenchsForm() {
        assertEquals("sysbench 1.0.20\n", CliRunner.run("sysbench", "--version").out());
        String help = CliRunner.run("sysbench", "--help").out();
        assertTrue(help.startsWith("Usage:\n  sysbench [options]... [testname] [command]\n"), help);
        assertTrue(help.contains("pgsql options:\n  --pgsql-host=STRING     PostgreSQL server host [localhost]\n"), help);
        assertTrue(help.contains("bench sysbench: sysbench 1.0.20's command line in bench"), help);
        assertTrue(help.contains("\nmysql options:\n  --mysql-host=[LIST,...]          MySQL server host [localhost]\n"), help);
        assertTrue(help.contains("\n  --pgsql-password=STRING PostgreSQL password []\n"), "a type name is not masked: " + help);
        assertTrue(help.contains("drivers) [mysql]\n"), "sysbench's default driver, as it prints it: " + help);

        String points = CliRunner.run("sysbench", "select_random_points", "help").out();
        assertTrue(points.contains("\nselect_random_points options:\n"), points);
        assertTrue(points.contains("  --random_points=N "), points);
        String rw = CliRunner.run("sysbench", "/some/dir/oltp_read_write.lua", "help").out();
        assertTrue(rw.contains("\noltp_read_write.lua options:\n  --auto_inc[=on|off] "), rw);
        assertFalse(rw.contains("random_points") || rw.contains("number_of_ranges"), rw);
    }

    /** The statements an event runs, by sysbench's counters: reads, writes + others (a write that changed nothing is "other"). */
    @ParameterizedTest
    @CsvSource({
            "oltp_read_write, 14, 6",
            "oltp_read_only, 14, 2",
            "oltp_point_select, 1, 0",
            "oltp_write_only, 0, 6",
            "oltp_update_index, 0, 1",
            "oltp_update_non_index, 0, 1",
            "oltp_insert, 0, 1",
            "oltp_delete, 0, 1",
            "select_random_points, 1, 0",
            "select_random_ranges, 1, 0",
    })
    void eachScriptRunsItsStatementsOnPostgres(String script, int reads, int writesAndOthers) throws Exception {
        String url = "--url=" + TestServers.postgresUrl();
        int tables = script.startsWith("select_random") ? 1 : 2;
        List<String> common = List.of(url, "--tables=" + tables, "--table_size=500");
        CliRunner.run("sysbench", "oltp_read_write", url, "--tables=2", "cleanup");
        CliRunner prepare = sysbench(script, common, "--threads=2", "prepare");
        assertEquals(0, prepare.exitCode(), prepare.out() + prepare.err());
        assertTrue(prepare.out().contains("Inserting 500 records into 'sbtest1'"), prepare.out());

        Path results = dir.resolve(script);
        // options before and after the script, the last one wins
        CliRunner run = sysbench(script, common, "--events=5", "--threads=2", "--events=40", "--time=0", "--rand-seed=7",
                "--results=" + results, "run");
        assertEquals(0, run.exitCode(), run.out() + run.err());
        String out = run.out();
        assertTrue(out.startsWith(BANNER), out);
        assertTrue(out.contains("Initializing random number generator from seed (7)."), out);
        assertEquals(40, number(out, "    transactions:"), out);
        long changes = number(out, "        write:") + number(out, "        other:");
        if (number(out, "    ignored errors:") == 0) {
            assertEquals(40L * reads, number(out, "        read:"), out);
            assertEquals(40L * writesAndOthers, changes, out);
        } else { // two threads' updates may deadlock: the failed attempt's statements and its ROLLBACK count too
            assertTrue(number(out, "        read:") >= 40L * reads, out);
            assertTrue(changes > 40L * writesAndOthers, out);
        }
        assertFalse(out.contains("# results:") || run.err().contains("ops/s"), "only sysbench's lines: " + out + run.err());
        ResultsInvariants.assertHold(results);
        assertFalse(Files.readString(results.resolve("summary.json")).contains("password=bench"));

        CliRunner cleanup = sysbench(script, common, "cleanup");
        assertEquals(0, cleanup.exitCode(), cleanup.out());
        assertTrue(cleanup.out().contains("Dropping table 'sbtest1'..."), cleanup.out());
    }

    @Test
    void theDriverOptionsNameTheServerAndSeedZeroIsTheClock() {
        String url = TestServers.postgresUrl();
        java.net.URI uri = java.net.URI.create(url.substring("jdbc:".length()));
        String db = uri.getPath().substring(1);
        List<String> pg = List.of("--db-driver=pgsql", "--pgsql-host=" + uri.getHost(), "--pgsql-port=" + uri.getPort(),
                "--pgsql-db=" + db, "--pgsql-user=" + query(uri, "user"), "--pgsql-password=" + query(uri, "password"),
                "--tables=1", "--table-size=200");
        assertEquals(0, sysbench("oltp_point_select", pg, "prepare").exitCode());
        CliRunner run = sysbench("oltp_point_select", pg, "--events=10", "--results=" + dir.resolve("r"), "run");
        assertEquals(0, run.exitCode(), run.out() + run.err());
        assertTrue(run.out().contains("Initializing random number generator from current time\n"), run.out());
        assertEquals(0, sysbench("oltp_point_select", pg, "cleanup").exitCode());

        CliRunner refused = sysbench("oltp_point_select", List.of("--db-driver=pgsql", "--pgsql-host=127.0.0.1",
                "--pgsql-port=1", "--pgsql-password=s3cret"), "run");
        assertEquals(1, refused.exitCode());
        assertTrue(refused.out().contains("\nFATAL: "), refused.out());
        assertFalse(refused.out().contains("s3cret") || refused.err().contains("s3cret"), refused.out());
    }

    /**
     * --mysql-dry-run touches no server (nothing listens on the port named), and --report-checkpoints splits the
     * run: the checkpoint reports and the final one add up to the transactions summary.json counts.
     */
    @Test
    void aDryRunWithCheckpointsReportsTheWholeRunInParts() throws Exception {
        Path results = dir.resolve("dry");
        CliRunner run = CliRunner.run("sysbench", "oltp_read_only", "--db-driver=mysql", "--mysql-host=127.0.0.1",
                "--mysql-port=1", "--mysql-dry-run", "--table-size=1000", "--time=3", "--report-checkpoints=2,1",
                "--results=" + results, "run");
        assertEquals(0, run.exitCode(), run.out() + run.err());
        String out = run.out();
        assertTrue(out.contains("Report checkpoint(s) at 1, 2 seconds\n"), out);
        assertEquals(List.of("[ 1s ] Checkpoint report:", "[ 2s ] Checkpoint report:"),
                out.lines().filter(l -> l.endsWith("Checkpoint report:")).toList());
        assertEquals(3, out.lines().filter(l -> l.equals("SQL statistics:")).count(), out);
        long reported = 0;
        for (String l : out.lines().toList()) {
            if (l.startsWith("    transactions:")) {
                reported += number(l, "transactions:");
            }
        }
        long completed = new com.fasterxml.jackson.databind.ObjectMapper().readTree(results.resolve("summary.json").toFile())
                .path("ops").path("transaction").path("completed").asLong();
        assertTrue(completed > 0, out);
        assertEquals(completed, reported, out);
        ResultsInvariants.assertHold(results);
    }

    /**
     * --mysql-dry-run as sysbench's: every command succeeds without a server and prints sysbench's lines, and a run
     * counts every statement as "other" (a dry run has no result to tell a read or a write by).
     */
    @Test
    void aDryRunPretendsEveryCallSucceededAsSysbenchDoes() throws Exception {
        List<String> dry = List.of("--mysql-port=1", "--mysql-dry-run", "--tables=2", "--table-size=10");
        assertEquals(List.of("Creating table 'sbtest1'...", "Inserting 10 records into 'sbtest1'",
                        "Creating a secondary index on 'sbtest1'...", "Creating table 'sbtest2'...",
                        "Inserting 10 records into 'sbtest2'", "Creating a secondary index on 'sbtest2'..."),
                linesAfterBanner(sysbench("oltp_read_write", dry, "prepare")));
        assertEquals(List.of("Prewarming table sbtest1", "Prewarming table sbtest2"),
                linesAfterBanner(sysbench("oltp_read_write", dry, "prewarm")));
        CliRunner run = sysbench("oltp_read_write", dry, "--events=100", "--results=" + dir.resolve("dry-rw"), "run");
        assertEquals(0, run.exitCode(), run.out() + run.err());
        assertEquals(0, number(run.out().lines().filter(l -> l.contains("read:")).findFirst().orElseThrow(), "read:"));
        assertEquals(0, number(run.out().lines().filter(l -> l.contains("write:")).findFirst().orElseThrow(), "write:"));
        assertEquals(100 * 20, number(run.out().lines().filter(l -> l.contains("other:")).findFirst().orElseThrow(), "other:"),
                "oltp_read_write's 18 statements, BEGIN and COMMIT, for each of the 100 events: " + run.out());
        JsonNode integrity = new ObjectMapper().readTree(dir.resolve("dry-rw").resolve("summary.json").toFile()).path("integrity");
        assertFalse(integrity.path("checked").asBoolean(true), integrity.toString());
        assertTrue(integrity.path("verdict").asText().contains("--mysql-dry-run"), integrity.toString());
        ResultsInvariants.assertHold(dir.resolve("dry-rw"));
        assertEquals(List.of("Dropping table 'sbtest1'...", "Dropping table 'sbtest2'..."),
                linesAfterBanner(sysbench("oltp_read_write", dry, "cleanup")));
    }

    private static List<String> linesAfterBanner(CliRunner r) {
        assertEquals(0, r.exitCode(), r.out() + r.err());
        List<String> lines = r.out().lines().toList();
        assertTrue(lines.get(0).startsWith(BANNER), r.out());
        return lines.subList(2, lines.size());
    }

    /** bench's --profile, sysbench's way (a bare flag, or on|off): the run's flame graph, on the embedded H2. */
    @Test
    void profileIsBenchsFlagInSysbenchsForm() throws Exception {
        String h2 = "--url=jdbc:h2:mem:sb_profile_" + System.nanoTime() + ";DB_CLOSE_DELAY=-1";
        List<String> common = List.of(h2, "--tables=1", "--table-size=100");
        assertEquals(0, sysbench("oltp_point_select", common, "prepare").exitCode());
        Path on = dir.resolve("on");
        CliRunner run = sysbench("oltp_point_select", common, "--profile", "--time=1", "--results=" + on, "run");
        assertEquals(0, run.exitCode(), run.out() + run.err());
        assertTrue(Files.exists(on.resolve("profile.html")) || Files.exists(on.resolve("profile.jfr")), run.out());
        ResultsInvariants.assertHold(on);

        Path off = dir.resolve("off");
        CliRunner plain = sysbench("oltp_point_select", common, "--profile=off", "--time=1", "--results=" + off, "run");
        assertEquals(0, plain.exitCode(), plain.out() + plain.err());
        assertFalse(Files.exists(off.resolve("profile.html")) || Files.exists(off.resolve("profile.jfr")));

        CliRunner bad = sysbench("oltp_point_select", common, "--profile=maybe", "run");
        assertEquals(1, bad.exitCode());
        assertTrue(bad.out().contains("FATAL: --profile must be on or off, got 'maybe'"), bad.out());
    }

    private static String query(java.net.URI uri, String key) {
        for (String kv : uri.getQuery().split("&")) {
            if (kv.startsWith(key + "=")) {
                return kv.substring(key.length() + 1);
            }
        }
        return "";
    }

    private static CliRunner sysbench(String script, List<String> common, String... more) {
        List<String> args = new ArrayList<>(List.of("sysbench"));
        args.add(more.length > 1 ? more[0] : "--verbosity=3"); // an option before the script
        args.add(script);
        args.addAll(common);
        args.addAll(List.of(more).subList(more.length > 1 ? 1 : 0, more.length));
        return CliRunner.run(args.toArray(String[]::new));
    }

    private static long number(String out, String label) {
        String rest = out.substring(out.indexOf(label) + label.length()).strip();
        return Long.parseLong(rest.split("\\s+")[0]);
    }
}
