package dev.bench.cli.report;

import dev.bench.cli.CliRunner;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

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

        // two kinds (read, write), each a spectrum and a timeline
        Chromium.Page page = Chromium.render(html, SCREENSHOTS.resolve("vote-report.png"), 2600);
        Chromium.assertAllChartsDrew(page, 4);
        assertTrue(page.dom().contains("integrity: ok"), "integrity verdict shown");
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
