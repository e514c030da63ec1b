package dev.bench.cli.report;

import com.fasterxml.jackson.databind.JsonNode;
import dev.bench.cli.CliRunner;
import dev.bench.core.results.ResultsJson;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Real sweeps of the vote workload on the memory backend, short steps. */
class SweepCommandTest {

    private static final String[] VOTE = {"--", "vote", "--runtime", "1", "--warmup", "0.3", "--articles", "1000",
            "--threads", "2", "memory"};

    private static CliRunner sweep(Path dir, String... options) {
        String[] args = new String[1 + options.length + VOTE.length + 2];
        args[0] = "sweep";
        System.arraycopy(options, 0, args, 1, options.length);
        args[1 + options.length] = "--results";
        args[2 + options.length] = dir.toString();
        System.arraycopy(VOTE, 0, args, 3 + options.length, VOTE.length);
        return CliRunner.run(args);
    }

    @Test
    void aSloNothingMeetsBisectsDownAndFails(@TempDir Path tmp) throws Exception {
        Path dir = tmp.resolve("sweep");
        CliRunner r = sweep(dir, "--slo", "p99=1us", "--start", "2000", "--bisect", "1");

        assertEquals(1, r.exitCode(), r.err());
        assertTrue(r.out().contains("# no step met the SLO"), r.out());
        JsonNode json = ResultsJson.read(dir.resolve("sweep.json"));
        assertEquals(2, json.path("steps").size(), "2000 broken, then one bisection step at 1000");
        assertEquals(1000, json.path("steps").path(1).path("target_ops_per_s").asDouble());
        assertTrue(json.path("steps").path(0).path("verdict").asText().contains("p99=0.001ms broken"), json.toString());
        assertTrue(Files.exists(dir.resolve("step-01-2000").resolve("report.html")), "each step is a full run");
        assertTrue(Files.readString(dir.resolve("step-02-1000").resolve("output.txt")).contains("# integrity: ok"));
    }

    @Test
    void aGenerousSloClimbsToTheCeilingAndDrawsTheCurve(@TempDir Path tmp) throws Exception {
        Path dir = tmp.resolve("sweep");
        CliRunner r = sweep(dir, "--slo", "p99=10s", "--achieved", "50", "--start", "1000", "--max", "2000");

        assertEquals(0, r.exitCode(), r.err());
        assertTrue(r.out().contains("# highest sustainable: target 2,000 ops/s"), r.out());
        JsonNode json = ResultsJson.read(dir.resolve("sweep.json"));
        assertEquals(2000, json.path("highest_sustainable_target_ops_per_s").asDouble());
        Chromium.Page page = Chromium.render(dir.resolve("report.html"), ReportInBrowserTest.SCREENSHOTS.resolve("sweep.png"), 900);
        Chromium.assertAllChartsDrew(page, 1);
    }

    @Test
    void theCommandIsShownWithPasswordsMasked() {
        SweepCommand sweep = new SweepCommand();
        sweep.command = java.util.List.of("vote", "postgres", "--url", "jdbc:postgresql://h/db?user=u&password=s3cret",
                "--password", "hunter2", "--password=hunter3");
        String shown = String.join(" ", sweep.masked());
        assertEquals("vote postgres --url jdbc:postgresql://h/db?user=u&password=**** --password **** --password=****", shown);
    }

    @Test
    void theSweepOwnsTargetAndResults(@TempDir Path tmp) {
        CliRunner r = CliRunner.run("sweep", "--slo", "p99=1ms", "--", "vote", "--target", "5", "memory");
        assertEquals(2, r.exitCode());
        assertTrue(r.err().contains("the sweep sets --target and --results itself"), r.err());

        CliRunner sysbench = CliRunner.run("sweep", "--slo", "p99=1ms", "--", "oltp-rw", "run", "--rate=5");
        assertEquals(2, sysbench.exitCode());
        assertTrue(sysbench.err().contains("the sweep sets --rate and --results itself"), sysbench.err());

        CliRunner notAWorkload = CliRunner.run("sweep", "--slo", "p99=1ms", "--", "report", "x");
        assertEquals(2, notAWorkload.exitCode());
        assertTrue(notAWorkload.err().contains("'report' is not an open-loop workload command"), notAWorkload.err());
        assertTrue(CliRunner.run("sweep", "--help").out().contains("achieved < --achieved % of offered"), "help renders its %");

        CliRunner badSlo = CliRunner.run("sweep", "--slo", "p99<1ms", "--", "vote", "memory");
        assertEquals(2, badSlo.exitCode());
        assertTrue(badSlo.err().contains("is not PERCENTILE=LIMIT"), badSlo.err());
    }
}
