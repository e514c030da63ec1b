package dev.bench.cli.faults;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.bench.cli.BenchMain;
import dev.bench.core.results.verify.Findings;
import dev.bench.core.results.verify.ResultsVerifier;
import dev.bench.core.results.verify.ResultsInvariants;
import dev.bench.core.testing.SkipOrFail;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every way a run can end, for every workload: the deadline, an op count, a {@code --max-lag} stop,
 * SIGINT, SIGTERM and a server lost for good, at open-loop rates from 1e3 to 1e6 ops/s and closed loop.
 * Each cell is a real child JVM (signals need one) and must exit with its code (0, 1, 130, 143), write
 * every results file (summary.json, intervals.csv, latency.hlog, report.html and the report on stdout)
 * within {@value #SECONDS_TO_FILES} s of its ending, and leave a directory {@code bench verify} passes.
 *
 * <p>The ending is the signal's instant for signals; otherwise the engine's own end of the run, the last
 * interval's end in intervals.csv (so a deadline's drain and a stop's bounded abort wait don't count, as
 * the contract says; a server lost mid-run ends the run at its deadline plus that wait). The after-run
 * check, which scans what the run wrote (TPC-C's consistency conditions, voter's votes), is left out by
 * its own figure, summary.json's integrity.seconds.
 * The table of what each cell measured goes to target/endings-matrix.md.
 *
 * <p>ycsb, newer than the matrix's issue, has a row of its own: its count, deadline and Ctrl-C.
 *
 * <p>A server lost for good needs a server: the JDBC workloads that run on PostgreSQL reach it through a
 * relay that the test closes mid-run (every connection reset, every new one refused). The embedded
 * workloads (tpcc, voter, tao on H2) cannot lose their server; FaultMatrixTest kills their servers.
 */
class EndingsMatrixTest {

    static final double SECONDS_TO_FILES = 2.0;
    /** The after-run check waits for a lost server at most the pool's connection timeout (10 s), then gives up. */
    static final double CHECK_SECONDS = 15.0;
    /** A child's whole life is bounded: it must end by itself well before this. */
    private static final long SECONDS_TO_EXIT = 45;
    /** Signals and relay closes come this long after the first interval is written. */
    private static final long MILLIS_BEFORE_ENDING = 1500;
    private static final List<String> SIGINT_AT_DEFAULT = envResetsSignals()
            ? List.of("env", "--default-signal=INT") : List.of();
    /** YCSB's workload A as the distribution ships it (the module's working directory is bench-cli/). */
    private static final Path WORKLOADA = Paths.get("..", "examples", "ycsb", "workloada").toAbsolutePath().normalize();
    private static final Pattern START_TIME = Pattern.compile("#\\[StartTime: ([0-9.]+) ");

    @TempDir
    static Path work;
    private static final Map<String, Path> PREPARED = new HashMap<>();
    private static final List<String> TABLE = new ArrayList<>();

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.bench.cli.faults.EndingCell#all")
    void everyEndingWritesEveryFigureRight(EndingCell cell) throws Exception {
        Path dir = prepared(cell);
        Path results = dir.resolve("r-" + cell.toString().replace(' ', '-').replace('/', '_'));
        String args = cell.args();
        TcpRelay relay = null;
        if (args.contains("RELAY")) {
            String url = postgresUrl();
            relay = new TcpRelay("127.0.0.1", portOf(url));
            args = args.replace("RELAY", url.replaceFirst("//[^/]+/", "//127.0.0.1:" + relay.port() + "/"));
        }
        Path out = results.resolveSibling(results.getFileName() + ".out");
        Path err = results.resolveSibling(results.getFileName() + ".err");
        Process run = bench(dir, withResults(args, results), out, err);
        long endingMillis = 0;
        try {
            boolean signal = cell.ending() == EndingCell.Ending.SIGINT || cell.ending() == EndingCell.Ending.SIGTERM;
            if (signal || relay != null) {
                awaitFirstInterval(run, results, err);
                Thread.sleep(MILLIS_BEFORE_ENDING);
                assertTrue(run.isAlive(), "still running at its ending: " + Files.readString(err));
                if (signal) {
                    endingMillis = System.currentTimeMillis();
                }
                if (relay != null) {
                    relay.close();
                } else {
                    String name = cell.ending() == EndingCell.Ending.SIGINT ? "INT" : "TERM";
                    new ProcessBuilder("kill", "-" + name, Long.toString(run.pid())).start().waitFor();
                }
            }
            assertTrue(run.waitFor(SECONDS_TO_EXIT, TimeUnit.SECONDS), "ended by itself within " + SECONDS_TO_EXIT + " s");
        } finally {
            run.destroyForcibly();
            if (relay != null) {
                relay.close();
            }
        }
        String errText = Files.readString(err);
        assertEquals(cell.exit(), run.exitValue(), errText);
        List<Path> files = List.of(results.resolve("summary.json"), results.resolve("intervals.csv"),
                results.resolve("latency.hlog"), results.resolve("report.html"), out);
        for (Path f : files) {
            assertTrue(Files.exists(f), f.getFileName() + " written: " + errText);
        }
        assertTrue(Files.readString(out).contains(reportMarker(cell.workload())), "the report on stdout: " + errText);
        if (endingMillis == 0) {
            endingMillis = engineEndMillis(results);
        }
        long lastWrite = 0;
        for (Path f : files) {
            lastWrite = Math.max(lastWrite, Files.getLastModifiedTime(f).toMillis());
        }
        // the after-run check scans what the run wrote; its time is its own figure (integrity.seconds)
        double checkSeconds = checkSeconds(results);
        double secondsToFiles = (lastWrite - endingMillis) / 1000.0 - checkSeconds;
        Findings findings = ResultsVerifier.verify(List.of(results));
        TABLE.add(String.format(Locale.ROOT, "| %s | %s | %s | %d | %.2f | %.2f | %s |", cell.workload(),
                cell.ending().name().toLowerCase(Locale.ROOT), cell.load(), run.exitValue(), secondsToFiles, checkSeconds,
                findings.allHold() ? "ok (" + findings.checked() + ")" : "BROKEN"));
        ResultsInvariants.assertHold(results); // as findings say, and kept for CI's bench verify
        assertTrue(checkSeconds <= CHECK_SECONDS, "the after-run check is bounded: it took " + checkSeconds + " s");
        assertTrue(secondsToFiles <= SECONDS_TO_FILES, String.format(Locale.ROOT,
                "every results file within %.1f s of the ending: the last came %.2f s after it", SECONDS_TO_FILES, secondsToFiles));
    }

    @AfterAll
    static void writeTableAndCleanUp() throws Exception {
        Path postgres = PREPARED.get("oltp-rw-postgres");
        if (postgres != null) {
            bench(postgres, "oltp-rw cleanup --url " + postgresUrl(), postgres.resolve("cleanup.out"),
                    postgres.resolve("cleanup.err")).waitFor(60, TimeUnit.SECONDS);
        }
        Path table = Paths.get("target", "endings-matrix.md");
        Files.createDirectories(table.getParent());
        List<String> lines = new ArrayList<>(List.of("| workload | ending | load | exit | s to all files (check excluded) | check s | bench verify |",
                "|---|---|---|---|---|---|---|"));
        lines.addAll(TABLE);
        Files.write(table, lines);
    }

    /** The directory a workload's cells run in, its embedded database loaded once. */
    private static Path prepared(EndingCell cell) throws Exception {
        String key = cell.workload() + (cell.args().contains("RELAY") ? "-postgres" : "");
        Path dir = PREPARED.get(key);
        if (dir != null) {
            return dir;
        }
        dir = Files.createDirectories(work.resolve(key));
        String url = cell.args().contains("RELAY") ? postgresUrl() : null;
        String prepare = switch (cell.workload()) {
            case "oltp-rw" -> "oltp-rw prepare --table-size 2000" + (url == null ? "" : " --url " + url);
            case "tpcc" -> "tpcc prepare --scale 1";
            case "pgbench" -> "pgbench -i";
            case "ycsb" -> "ycsb load jdbc -P WORKLOADA -p recordcount=2000 -threads 2";
            default -> null;
        };
        if (url != null && cell.workload().equals("oltp-rw")) {
            // a table left by an earlier run of this test (the registry knows it as ours) goes first
            bench(dir, "oltp-rw cleanup --url " + url, dir.resolve("cleanup.out"), dir.resolve("cleanup.err")).waitFor(60, TimeUnit.SECONDS);
        }
        if (prepare != null) {
            Process p = bench(dir, prepare, dir.resolve("prepare.out"), dir.resolve("prepare.err"));
            assertTrue(p.waitFor(180, TimeUnit.SECONDS), prepare + " within 180 s");
            assertEquals(0, p.exitValue(), prepare + ": " + Files.readString(dir.resolve("prepare.err")));
        }
        PREPARED.put(key, dir);
        return dir;
    }

    private static String postgresUrl() {
        String url = System.getenv("BENCH_POSTGRES_URL");
        return url != null ? url : SkipOrFail.missing("BENCH_POSTGRES_URL is not set (scripts/services.sh sets it)");
    }

    /** vote's backend is a subcommand: the run options go before it. */
    private static String withResults(String args, Path results) {
        String option = " --results " + results;
        if (!args.startsWith("vote ")) {
            return args + option;
        }
        return "vote" + option + args.substring("vote".length());
    }

    private static String reportMarker(String workload) {
        return switch (workload) {
            case "pgbench" -> "number of transactions actually processed";
            case "ycsb" -> "[OVERALL], Throughput(ops/sec)";
            default -> "# results: ";
        };
    }

    /** Every phase's after-run check, in seconds (summary.json's integrity.seconds, one per phase and one in all). */
    private static double checkSeconds(Path results) throws IOException {
        JsonNode summary = new ObjectMapper().readTree(results.resolve("summary.json").toFile());
        return summary.path("integrity").path("seconds").asDouble();
    }

    /** The engine's end of the run: the window's start (latency.hlog) plus the last interval's end (intervals.csv). */
    private static long engineEndMillis(Path results) throws IOException {
        Matcher m = START_TIME.matcher(Files.readString(results.resolve("latency.hlog")));
        assertTrue(m.find(), "latency.hlog has its StartTime");
        double windowStart = Double.parseDouble(m.group(1));
        double lastEnd = Files.readAllLines(results.resolve("intervals.csv")).stream().skip(1)
                .mapToDouble(l -> Double.parseDouble(l.substring(l.indexOf(',') + 1, l.indexOf(',', l.indexOf(',') + 1))))
                .max().orElse(0);
        return Math.round((windowStart + lastEnd) * 1000);
    }

    private static void awaitFirstInterval(Process run, Path results, Path err) throws Exception {
        Path intervals = results.resolve("intervals.csv");
        for (int i = 0; i < 300; i++) {
            if (Files.exists(intervals) && Files.readAllLines(intervals).size() > 1) {
                return;
            }
            assertTrue(run.isAlive(), "ended before its first interval: " + Files.readString(err));
            Thread.sleep(100);
        }
        throw new AssertionError("no interval within 30 s: " + Files.readString(err));
    }

    private static int portOf(String url) {
        Matcher m = Pattern.compile("//[^/:]+:(\\d+)/").matcher(url);
        return m.find() ? Integer.parseInt(m.group(1)) : 5432;
    }

    private static Process bench(Path dir, String args, Path out, Path err) throws IOException {
        args = args.replace("WORKLOADA", WORKLOADA.toString());
        List<String> cmd = new ArrayList<>(SIGINT_AT_DEFAULT);
        cmd.addAll(List.of(Paths.get(System.getProperty("java.home"), "bin", "java").toString(), "-Xshare:auto",
                "-cp", System.getProperty("java.class.path"), BenchMain.class.getName()));
        cmd.addAll(List.of(args.split(" ")));
        return new ProcessBuilder(cmd).directory(dir.toFile()).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
    }

    private static boolean envResetsSignals() {
        try {
            Process p = new ProcessBuilder("env", "--default-signal=INT", "true").redirectErrorStream(true).start();
            return p.waitFor(10, TimeUnit.SECONDS) && p.exitValue() == 0;
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }
}
