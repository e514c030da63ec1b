package dev.bench.cli.report;

import com.fasterxml.jackson.databind.JsonNode;
import dev.bench.cli.CliRunner;
import dev.bench.core.results.ResultsJson;
import dev.bench.core.results.verify.ResultsInvariants;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Three client processes on this machine, as on three machines: each writes its own results; the
 * merge's counts must be their sums and its percentiles those of one histogram of all their samples
 * (read here with HdrHistogram's own log reader, not the merge's code).
 */
class MergeThreeClientsTest {

    private static final int CLIENTS = 3;
    private static final List<String> KINDS = List.of("read", "write");

    @Test
    void mergedCountsAndPercentilesAreThoseOfAllSamples(@TempDir Path tmp) throws Exception {
        List<Path> dirs = runClients(tmp);
        Path merged = tmp.resolve("merged");

        List<String> args = new ArrayList<>(List.of("merge", "--results", merged.toString()));
        dirs.forEach(d -> args.add(d.toString()));
        CliRunner merge = CliRunner.run(args.toArray(String[]::new));
        assertEquals(0, merge.exitCode(), merge.err() + merge.out());
        // in-process memory backends: each client had its own, so the check over all of them has nothing to read
        assertTrue(merge.out().contains("# integrity: not checked (the clients deferred their checks"), merge.out());
        ResultsInvariants.assertHold(merged, dirs.toArray(Path[]::new));

        JsonNode m = ResultsJson.read(merged.resolve("summary.json"));
        List<JsonNode> clients = dirs.stream().map(d -> ResultsJson.read(d.resolve("summary.json"))).toList();
        assertEquals(sum(clients, "acknowledged_votes"), m.path("acknowledged_votes").asLong());
        assertEquals(clients.stream().mapToLong(c -> c.path("throughput").path("completed_ops").asLong()).sum(),
                m.path("throughput").path("completed_ops").asLong());
        assertTrue(m.path("integrity").path("ok").asBoolean(), "not checked is not a mismatch");
        for (String kind : KINDS) {
            long completed = clients.stream().mapToLong(c -> c.path("ops").path(kind).path("completed").asLong()).sum();
            assertTrue(completed > 0);
            assertEquals(completed, m.path("ops").path(kind).path("completed").asLong(), kind);
            for (String metric : List.of("sojourn", "service")) {
                Histogram all = allSamples(dirs, kind + "." + metric);
                JsonNode p = m.path("ops").path(kind).path(metric + "_us");
                assertEquals(completed, all.getTotalCount(), kind + "." + metric + " samples in the clients' logs");
                assertEquals(all.getTotalCount(), p.path("count").asLong());
                assertEquals(all.getValueAtPercentile(50) / 1e3, p.path("p50").asDouble(), 1e-9);
                assertEquals(all.getValueAtPercentile(99) / 1e3, p.path("p99").asDouble(), 1e-9);
                assertEquals(all.getValueAtPercentile(99.9) / 1e3, p.path("p99.9").asDouble(), 1e-9);
                assertEquals(all.getMaxValue() / 1e3, p.path("max").asDouble(), 1e-9);
                assertEquals(all.getTotalCount(), allSamples(List.of(merged), kind + "." + metric).getTotalCount(),
                        "the merged log holds every sample");
            }
            long csvCompleted = Files.readAllLines(merged.resolve("intervals.csv")).stream()
                    .filter(l -> l.contains(",measure," + kind + ",")).mapToLong(l -> Long.parseLong(l.split(",")[4])).sum();
            assertEquals(completed, csvCompleted, "merged intervals add up to the total");
        }
        Chromium.Page page = Chromium.render(merged.resolve("report.html"), ReportInBrowserTest.SCREENSHOTS.resolve("merge-3-clients.png"), 2600);
        Chromium.assertAllChartsDrew(page, 4);
    }

    /** Starts the clients of one run as separate JVMs at once (each its own seed stream), and waits for all. */
    private static List<Path> runClients(Path tmp) throws Exception {
        List<Process> processes = new ArrayList<>();
        List<Path> dirs = new ArrayList<>();
        String startAt = java.time.Instant.now().plusSeconds(4).toString(); // after the JVMs have started
        for (int i = 0; i < CLIENTS; i++) {
            Path dir = tmp.resolve("client-" + i);
            dirs.add(dir);
            processes.add(new ProcessBuilder(javaBin(), "-cp", System.getProperty("java.class.path"),
                    "dev.bench.cli.BenchMain", "vote", "--target", "1500", "--runtime", "2", "--warmup", "0.5",
                    "--articles", "1000", "--threads", "2", "--clients", String.valueOf(CLIENTS), "--client-id",
                    String.valueOf(i), "--start-at", startAt, "--results", dir.toString(), "memory")
                    .redirectOutput(tmp.resolve("client-" + i + ".out").toFile())
                    .redirectError(tmp.resolve("client-" + i + ".err").toFile()).start());
        }
        for (int i = 0; i < CLIENTS; i++) {
            Process p = processes.get(i);
            if (!p.waitFor(60, TimeUnit.SECONDS)) {
                processes.forEach(Process::destroyForcibly);
                throw new AssertionError("client " + i + " did not finish in 60 s");
            }
            assertEquals(0, p.exitValue(), "client " + i + ": " + Files.readString(tmp.resolve("client-" + i + ".err")));
        }
        return dirs;
    }

    private static String javaBin() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }

    private static long sum(List<JsonNode> summaries, String field) {
        return summaries.stream().mapToLong(s -> s.path(field).asLong()).sum();
    }

    private static Histogram allSamples(List<Path> dirs, String tag) throws Exception {
        Histogram all = new Histogram(3);
        for (Path d : dirs) {
            File log = d.resolve("latency.hlog").toFile();
            try (HistogramLogReader reader = new HistogramLogReader(log)) {
                for (EncodableHistogram h = reader.nextIntervalHistogram(); h != null; h = reader.nextIntervalHistogram()) {
                    if (tag.equals(h.getTag())) {
                        all.add((Histogram) h);
                    }
                }
            }
        }
        return all;
    }
}
