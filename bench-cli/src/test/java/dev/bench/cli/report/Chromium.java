package dev.bench.cli.report;

import dev.bench.core.testing.SkipOrFail;
import org.junit.jupiter.api.Assertions;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Debian's headless Chromium, as scripts/chromium.sh installs it: renders an HTML file, returns its
 * DOM after the scripts ran and every console message the page produced, and takes a screenshot.
 * Found as $BENCH_CHROMIUM or {@code chromium} on the PATH; missing, the test is skipped with the
 * reason, or fails under BENCH_REQUIRE_SERVICES (CI): {@link SkipOrFail}.
 */
final class Chromium {

    private static final Pattern CANVAS = Pattern.compile("<canvas [^>]*>");
    private static final Pattern DRAWN = Pattern.compile("data-drawn=\"(\\d+)\"");
    private static final long TIMEOUT_S = 60;

    record Page(String dom, List<String> console) {

        /** Canvas id → points drawn (0 when Chart.js never rendered it). */
        List<int[]> charts() {
            List<int[]> charts = new ArrayList<>();
            Matcher m = CANVAS.matcher(dom);
            while (m.find()) {
                Matcher drawn = DRAWN.matcher(m.group());
                charts.add(new int[] {charts.size(), drawn.find() ? Integer.parseInt(drawn.group(1)) : 0});
            }
            return charts;
        }
    }

    private Chromium() {
    }

    static String binary() {
        String configured = System.getenv("BENCH_CHROMIUM");
        if (configured != null && !configured.isBlank()) {
            return configured;
        }
        for (String dir : System.getenv().getOrDefault("PATH", "").split(":")) {
            for (String name : List.of("chromium", "chromium-browser")) {
                if (Files.isExecutable(Path.of(dir, name))) {
                    return Path.of(dir, name).toString();
                }
            }
        }
        return SkipOrFail.missing("no headless Chromium: BENCH_CHROMIUM unset and no chromium on PATH (run: scripts/chromium.sh)");
    }

    /** Renders {@code html}; writes a full-page screenshot to {@code screenshot}. */
    static Page render(Path html, Path screenshot, int heightPx) throws IOException, InterruptedException {
        String bin = binary();
        String url = html.toAbsolutePath().toUri().toString();
        Path log = Files.createTempFile("chromium", ".log");
        Path dom = Files.createTempFile("chromium", ".html");
        try {
            run(List.of(bin, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--enable-logging=stderr",
                    "--v=0", "--virtual-time-budget=10000", "--dump-dom", url), dom, log);
            List<String> console = Files.readAllLines(log).stream().filter(l -> l.contains(":CONSOLE")).toList();
            Files.createDirectories(screenshot.toAbsolutePath().getParent());
            run(List.of(bin, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                    "--virtual-time-budget=10000", "--window-size=1250," + heightPx,
                    "--screenshot=" + screenshot.toAbsolutePath(), url), Path.of("/dev/null"), Path.of("/dev/null"));
            return new Page(Files.readString(dom), console);
        } finally {
            Files.deleteIfExists(log);
            Files.deleteIfExists(dom);
        }
    }

    private static void run(List<String> command, Path out, Path err) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(command).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        if (!p.waitFor(TIMEOUT_S, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            Assertions.fail("chromium did not finish in " + TIMEOUT_S + " s: " + command);
        }
        Assertions.assertEquals(0, p.exitValue(), "chromium failed: " + command);
    }

    /** Every chart of the page drew at least one point, and the page logged nothing to the console. */
    static void assertAllChartsDrew(Page page, int expectedCharts) {
        Assertions.assertEquals(List.of(), page.console(), "console messages");
        List<int[]> charts = page.charts();
        Assertions.assertEquals(expectedCharts, charts.size(), "charts on the page");
        for (int[] c : charts) {
            Assertions.assertTrue(c[1] > 0, "chart " + c[0] + " drew nothing");
        }
    }
}
