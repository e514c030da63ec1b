package dev.bench.cli.tpcc;

import dev.bench.core.results.verify.ResultsInvariants;
import dev.bench.cli.CliRunner;
import dev.bench.core.testing.TestServers;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class TpccCommandTest {

    @ParameterizedTest
    @ValueSource(strings = {"prepare --scale 0|--scale", "prepare --tables 0|--tables", "run --time -5|--time",
        "run --trx-level XX|--trx-level", "run --rate -1|--rate", "prepare --use-fk 2|--use-fk", "check --scale -1|--scale",
        "cleanup --tables 0|--tables", "run --report-interval -1|--report-interval", "run --warmup-time -1|--warmup-time",
        "|prepare|run|check|cleanup"})
    void badInputIsOneLineAndExitTwo(String argsAndOption) {
        String[] parts = argsAndOption.split("\\|", 2);
        String[] args = ("tpcc " + parts[0]).trim().split(" ");
        CliRunner r = CliRunner.run(args);
        assertEquals(2, r.exitCode(), r.err());
        String first = r.errorLines().get(0);
        assertTrue(first.startsWith("bench: ") && first.contains(parts[1]), first);
        assertTrue(r.errorLines().size() == 2 && r.errorLines().get(1).startsWith("Try '"), r.err());
    }

    @Test
    void runBeforePrepareSaysSo() {
        CliRunner r = CliRunner.run("tpcc", "run", "--scale", "1", "--url", "jdbc:h2:mem:tpcc-cli-empty;DB_CLOSE_DELAY=-1");
        assertEquals(1, r.exitCode());
        assertTrue(r.errorLines().get(0).startsWith("bench: tables missing, run prepare first"), r.err());
    }

    @Test
    void someoneElsesTablesAreNeverTouched() throws Exception {
        String url = "jdbc:h2:mem:tpcc-cli-foreign;DB_CLOSE_DELAY=-1";
        try (Connection c = DriverManager.getConnection(url); Statement s = c.createStatement()) {
            s.execute("CREATE TABLE warehouse1 (mine INT)");
            s.execute("INSERT INTO warehouse1 VALUES (7)");
            CliRunner prepare = CliRunner.run("tpcc", "prepare", "--scale", "1", "--url", url);
            assertEquals(1, prepare.exitCode());
            assertTrue(prepare.err().contains("'warehouse1' already exists") && prepare.err().contains("not created by bench"),
                    prepare.err());
            CliRunner cleanup = CliRunner.run("tpcc", "cleanup", "--url", url);
            assertEquals(0, cleanup.exitCode(), cleanup.err());
            assertTrue(cleanup.out().contains("left untouched (not created by bench): warehouse1"), cleanup.out());
            try (var rs = s.executeQuery("SELECT mine FROM warehouse1")) {
                assertTrue(rs.next() && rs.getInt(1) == 7, "the foreign table keeps its row");
            }
        }
    }

    /** The whole cycle through the command line on PostgreSQL, as CloudSuite's client drives it. */
    @Test
    void prepareRunCheckCleanupOnPostgres(@TempDir Path dir) throws Exception {
        String url = TestServers.postgresUrl();
        CliRunner.run("tpcc", "cleanup", "--url", url);
        CliRunner prepare = CliRunner.run("tpcc", "prepare", "--scale", "1", "--use-fk=0", "--url", url);
        assertEquals(0, prepare.exitCode(), prepare.err());
        assertTrue(prepare.out().contains("Check 11, warehouse: 1 PASSED"), prepare.out());
        assertTrue(prepare.err().contains("rows/s"), prepare.err());
        CliRunner again = CliRunner.run("tpcc", "prepare", "--scale", "1", "--url", url);
        assertEquals(1, again.exitCode());
        assertTrue(again.err().contains("run 'bench tpcc cleanup' first"), again.err());
        try {
            Path results = dir.resolve("results");
            CliRunner run = CliRunner.run("tpcc", "run", "--scale", "1", "--threads", "2", "--time", "2", "--report-interval", "1",
                    "--url", url, "--results", results.toString());
            assertEquals(0, run.exitCode(), run.out() + run.err());
            for (String expected : new String[] {"[ 1s ] thds: 2 tps: ", "SQL statistics:", "    transactions:", "Threads fairness:",
                "tpmC (New-Orders per minute):", "Check 12, warehouse: 1 PASSED", "# integrity: ok: 11 of 11"}) {
                assertTrue(run.out().contains(expected), expected + " in\n" + run.out());
            }
            assertTrue(Files.readString(results.resolve("summary.json")).contains("\"tpmC\""));
            ResultsInvariants.assertHold(results);
            assertWarmupIsLeftOutOfEveryFigure(url, dir.resolve("warmup"));
            CliRunner check = CliRunner.run("tpcc", "check", "--scale", "1", "--url", url);
            assertEquals(0, check.exitCode(), check.err());
            assertTrue(check.out().contains("Check 10, warehouse: 1 PASSED"), check.out());
        } finally {
            assertEquals(0, CliRunner.run("tpcc", "cleanup", "--url", url).exitCode());
        }
        assertTrue(CliRunner.run("tpcc", "check", "--scale", "1", "--url", url).err().contains("tables missing"));
    }

    /** One thread: the fairness events are exactly the reported transactions, and no interval line is a warmup one. */
    private static void assertWarmupIsLeftOutOfEveryFigure(String url, Path results) {
        CliRunner run = CliRunner.run("tpcc", "run", "--scale", "1", "--threads", "1", "--warmup-time", "1", "--time", "1",
                "--report-interval", "1", "--no-check", "--url", url, "--results", results.toString());
        assertEquals(0, run.exitCode(), run.out() + run.err());
        assertTrue(run.out().contains("Warming up for 1 seconds..."), run.out());
        // one measured second, one line: times count from the end of the warmup, as the figures do
        assertEquals(List.of("[ 1s ] thds: 1 tps: "), run.out().lines().filter(l -> l.contains(" thds: "))
                .map(l -> l.substring(0, l.indexOf("tps: ") + 5)).toList(), run.out());
        long transactions = Long.parseLong(field(run.out(), "    transactions:").split("\\s+")[0]);
        double events = Double.parseDouble(field(run.out(), "    events (avg/stddev):").split("/")[0]);
        assertTrue(transactions > 0, run.out());
        assertEquals(transactions, events, 0.0, run.out());
    }

    private static String field(String out, String label) {
        return out.lines().filter(l -> l.startsWith(label)).findFirst()
                .map(l -> l.substring(label.length()).trim()).orElseThrow(() -> new AssertionError(label + " in\n" + out));
    }
}
