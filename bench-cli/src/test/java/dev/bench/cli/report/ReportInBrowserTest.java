package dev.bench.cli.report;

import dev.bench.cli.CliRunner;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import dev.bench.core.results.IntervalCsvReader;
import dev.bench.core.results.IntervalRow;
import dev.bench.core.results.ResultsJson;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The report of a real short run, rendered in headless Chromium: every chart draws, no console errors. */
class ReportInBrowserTest {

    static final Path SCREENSHOTS = Path.of("target", "screenshots");

    @Test
    void aVoteRunsReportDrawsEveryChart(@TempDir Path tmp) throws Exception {
        Path run = tmp.resolve("vote-run");
        CliRunner vote = CliRunner.shortVote(run);
        assertEquals(0, vote.exitCode(), vote.err());
        assertTrue(Files.exists(run.resolve("report.html")), "every run writes its report");
        Files.delete(run.resolve("report.html"));

        CliRunner report = CliRunner.run("report", run.toString());
        assertEquals(0, report.exitCode(), report.err());
        Path html = run.resolve("report.html");
        assertTrue(report.out().contains("# report: " + html), report.out());
        String text = Files.readString(html);
        assertFalse(text.contains("<script src="), "no external script: the file must open offline");
        assertTrue(text.contains("Chart.js v4"), "Chart.js inlined");

        // the load over time, then two kinds (read, write), each a spectrum and a timeline
        Chromium.Page page = Chromium.render(html, SCREENSHOTS.resolve("vote-report.png"), 2900);
        Chromium.assertAllChartsDrew(page, 5);
        assertTrue(page.dom().contains("integrity: ok"), "integrity verdict shown");
    }

    /** A run on a schedule: intervals.csv carries the scheduled rate, and the report draws it with its segments named. */
    @Test
    void aScheduledRunShowsTheScheduleBesideTheAchievedRate(@TempDir Path tmp) throws Exception {
        Path run = tmp.resolve("scheduled");
        CliRunner vote = CliRunner.run("vote", "--schedule", "1s:500,1s:500..2500,1s:4000", "--warmup", "1", "--articles", "1000",
                "--arrivals", "uniform", "--report-interval", "0.5", "--results", run.toString(), "memory");
        assertEquals(0, vote.exitCode(), vote.err());

        List<IntervalRow> rows = IntervalCsvReader.read(run.resolve("intervals.csv")).stream()
                .filter(r -> r.kind().equals("read")).toList();
        double[] expected = {500, 500, 500, 500, 1000, 2000, 4000, 4000};
        for (int i = 0; i < expected.length; i++) {
            IntervalRow row = rows.get(i);
            // the last interval may run a few ms into the drain, when nothing more is scheduled
            boolean last = i == expected.length - 1;
            assertEquals(last ? expected[i] * 0.99 : expected[i], row.scheduledOpsPerS(), last ? expected[i] * 0.01 : 0.01,
                    "interval " + i + ": " + row);
        }
        assertTrue(rows.get(0).warmup(), "warmup at the first rate comes first");
        assertEquals("1s:500,1s:500..2500,1s:4000", ResultsJson.read(run.resolve("summary.json")).path("run").path("schedule").asText());

        Path html = run.resolve("report.html");
        Chromium.Page page = Chromium.render(html, SCREENSHOTS.resolve("vote-schedule.png"), 2900);
        Chromium.assertAllChartsDrew(page, 5);
        String text = Files.readString(html);
        assertTrue(text.contains("\"label\":\"1s:500..2500\""), "the ramp's band is named");
        assertTrue(text.contains("\"scheduled ops/s\""), "the scheduled rate is drawn");
    }

    @Test
    void aCompareDrawsTheOverlaidSpectra(@TempDir Path tmp) throws Exception {
        Path a = tmp.resolve("a");
        Path b = tmp.resolve("b");
        assertEquals(0, CliRunner.shortVote(a).exitCode());
        assertEquals(0, CliRunner.shortVote(b, "--seed", "7").exitCode());
        Path html = tmp.resolve("compare.html");

        CliRunner compare = CliRunner.run("compare", a.toString(), b.toString(), "--html", html.toString());
        assertEquals(0, compare.exitCode(), compare.err());
        assertTrue(compare.out().contains("options.seed: 42 | 7"), compare.out());
        assertTrue(compare.out().contains("sojourn p99 ms"), compare.out());

        Chromium.Page page = Chromium.render(html, SCREENSHOTS.resolve("vote-compare.png"), 1400);
        Chromium.assertAllChartsDrew(page, 2);
    }
}
