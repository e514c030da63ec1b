package dev.bench.cli.faults;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.bench.cli.BenchMain;
import dev.bench.core.results.verify.ResultsInvariants;
import dev.bench.core.testing.SkipOrFail;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code bench ycsb run} through a real PostgreSQL restart ({@code pg_ctl stop -m fast}, then start) in
 * the middle of an insert-heavy run: the run goes on (exit 0), the ops the outage broke are counted
 * (failed or reconnected), and the after-run check is exact: the table holds the loaded records plus every
 * acknowledged insert plus exactly those inserts in doubt that the check's look-up by key found, which the
 * test counts again itself. The server is the test's own cluster (initdb in a temporary directory on a free
 * loopback port), so the restart disturbs no other test. Needs root (the cluster runs as the postgres user)
 * and PostgreSQL's Debian package, as {@link FaultMatrixTest} does.
 */
class YcsbServerRestartTest {

    private static final int RECORDS = 2000;

    @Test
    void theRunGoesOnAndTheCheckIsExactAcrossAServerRestart(@TempDir Path dir) throws Exception {
        SkipOrFail.unless(Files.isDirectory(Path.of("/usr/lib/postgresql")), "no PostgreSQL in /usr/lib/postgresql");
        SkipOrFail.unless("root".equals(System.getProperty("user.name")), "not root: the private cluster runs as postgres");
        int port = freePort();
        try (PrivatePostgres pg = new PrivatePostgres(port)) {
            String url = pg.url("127.0.0.1", port);
            String common = "-P " + Path.of("../examples/ycsb/workloada").toAbsolutePath() + " -p recordcount=" + RECORDS
                    + " -p fieldcount=4 -p fieldlength=20 --url " + url;
            Process load = bench(dir, "load", "ycsb load jdbc " + common + " --results load");
            assertTrue(load.waitFor(120, TimeUnit.SECONDS), "the load ends");
            assertEquals(0, load.exitValue(), Files.readString(dir.resolve("load-err.txt")));

            // inserts half the ops, so some are in flight when the server goes
            Process run = bench(dir, "run", "ycsb run jdbc " + common + " -p insertproportion=0.5 -p readproportion=0.25"
                    + " -p updateproportion=0.25 -p operationcount=0 -p maxexecutiontime=8 -threads 4 -target 400"
                    + " --max-lag 8 --results run");
            assertTrue(awaitMeasuring(run, dir.resolve("run")), "the run measures before the restart");
            Thread.sleep(1000);
            pg.restart();
            assertTrue(run.waitFor(90, TimeUnit.SECONDS), "the run ends by itself after the restart");

            String err = Files.readString(dir.resolve("run-err.txt"));
            assertFalse(err.contains("\tat ") || err.contains("Exception"), "no stack trace: " + err);
            assertEquals(0, run.exitValue(), err);
            JsonNode summary = new ObjectMapper().readTree(dir.resolve("run").resolve("summary.json").toFile());
            JsonNode told = summary.path("told");
            long acknowledged = told.path("inserts_acknowledged").asLong();
            long inDoubt = told.path("inserts_in_doubt").asLong();
            long found = told.path("inserts_in_doubt_found").asLong(-1);
            String verdict = summary.path("integrity").path("verdict").asText();
            assertTrue(summary.path("integrity").path("ok").asBoolean(), verdict);
            assertTrue(found >= 0 && found <= inDoubt, told.toString());
            assertEquals(RECORDS + acknowledged + found, rows(url), "rows = records + acknowledged + in doubt found: " + verdict);
            assertTrue(acknowledged > 0, told.toString());
            long[] broken = failedAndReconnected(dir.resolve("run").resolve("intervals.csv"));
            assertTrue(broken[0] + broken[1] > 0, "the restart broke ops, and they were counted: " + verdict);
            System.out.println("ycsb across a restart: " + verdict + "; failed " + broken[0] + ", reconnects " + broken[1]);

            ResultsInvariants.assertHold(dir.resolve("load"));
            ResultsInvariants.assertHold(dir.resolve("run"));
        }
    }

    private static long rows(String url) throws Exception {
        try (Connection c = DriverManager.getConnection(url);
             ResultSet rs = c.createStatement().executeQuery("SELECT COUNT(*) FROM usertable")) {
            rs.next();
            return rs.getLong(1);
        }
    }

    /** The measured intervals' failed ops and reconnects, summed over kinds. */
    private static long[] failedAndReconnected(Path csv) throws IOException {
        List<String> lines = Files.readAllLines(csv);
        List<String> header = Arrays.asList(lines.get(0).split(","));
        int failed = header.indexOf("failed");
        int reconnects = header.indexOf("reconnects");
        long[] sums = new long[2];
        for (String line : lines.subList(1, lines.size())) {
            String[] cells = line.split(",", -1);
            if (cells[2].equals("measure")) {
                sums[0] += Long.parseLong(cells[failed]);
                sums[1] += Long.parseLong(cells[reconnects]);
            }
        }
        return sums;
    }

    private static boolean awaitMeasuring(Process client, Path results) throws Exception {
        Path csv = results.resolve("intervals.csv");
        for (int i = 0; i < 1200 && client.isAlive(); i++) {
            if (Files.exists(csv) && Files.readAllLines(csv).size() > 1) {
                return true;
            }
            Thread.sleep(100);
        }
        return false;
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }

    /** This build's bench in a child JVM working in {@code dir}, its output in {@code name}-out.txt and -err.txt. */
    private static Process bench(Path dir, String name, String args) throws IOException {
        List<String> cmd = new ArrayList<>(List.of(Paths.get(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), BenchMain.class.getName()));
        cmd.addAll(Stream.of(args.split(" ")).toList());
        return new ProcessBuilder(cmd).directory(dir.toFile()).redirectOutput(dir.resolve(name + "-out.txt").toFile())
                .redirectError(dir.resolve(name + "-err.txt").toFile()).start();
    }
}
