package dev.bench.core.results.verify;

import dev.bench.core.BenchException;
import dev.bench.core.results.HandMadeRun;
import dev.bench.core.results.ResultsDirectory;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.Deflater;

import static dev.bench.core.results.HandMadeRun.block;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Results tampered with as issue 47 did, each refused: counts that wrap a long back to the right total,
 * phase directories that lead out of the run (or back into it, skipping its own counts), JSON that is no
 * bench run, a missing file, and latency logs whose histograms would cost unbounded memory to decode.
 */
class TamperedResultsTest {

    private static final long TWO_TO_62 = 1L << 62;

    private static BenchException refused(Path dir) {
        return assertThrows(BenchException.class, () -> ResultsVerifier.verify(List.of(dir)));
    }

    /** 100 + 3 x 2^62 + (2^62 + 400) is 500 + 2^64: a long sum wraps to the summary's 500 in every file. */
    @Test
    void fourIntervalsOfTwoToThe62OpsDoNotWrapBackToTheTotal(@TempDir Path tmp) throws Exception {
        HandMadeRun.run(tmp, 5);
        for (String f : List.of(ResultsDirectory.INTERVALS, ResultsDirectory.HLOG)) {
            Files.delete(tmp.resolve(f));
        }
        long[] counts = {100, TWO_TO_62, TWO_TO_62, TWO_TO_62, TWO_TO_62 + 400};
        HandMadeRun.files(tmp, 0, counts, counts);
        Findings f = ResultsVerifier.verify(List.of(tmp));
        assertFalse(f.allHold(), "verified: " + f.checked());
        assertTrue(f.broken().stream().anyMatch(l -> l.startsWith(tmp + ": counts that no run can hold: ")),
                String.join("\n", f.broken()));
    }

    @Test
    void aSummaryCountPastALongIsBrokenNotTruncated(@TempDir Path tmp) throws Exception {
        HandMadeRun.run(tmp, 3);
        Path summary = tmp.resolve(ResultsDirectory.SUMMARY);
        // 2^64 + 300: Jackson's asLong() keeps the low 64 bits, 300
        Files.writeString(summary, Files.readString(summary).replace("\"completed\": 300", "\"completed\": 18446744073709551916"));
        List<String> lines = ResultsVerifier.verify(List.of(tmp)).broken();
        assertTrue(lines.stream().anyMatch(l -> l.contains("18446744073709551916 is not a whole number within a long")),
                String.join("\n", lines));
    }

    /** A one-phase run given "phases" that point back at itself: its own counts (999999) are checked too. */
    @Test
    void aPhaseDirectoryOfDotIsRefusedAndTheTopLevelStillChecked(@TempDir Path tmp) throws Exception {
        Map<String, Object> s = HandMadeRun.run(tmp, 3);
        block(s, "throughput").put("completed_ops", 999_999);
        Map<String, Object> phase = new LinkedHashMap<>(s);
        block(phase, "throughput").put("completed_ops", 300);
        phase.put("name", "x");
        phase.put("directory", ".");
        s.put("phases", List.of(phase));
        HandMadeRun.write(tmp, s);
        BenchException e = refused(tmp);
        assertEquals(tmp.resolve(ResultsDirectory.SUMMARY) + ": phase x's directory '.' is not a subdirectory of " + tmp,
                e.getMessage());
    }

    @Test
    void phaseDirectoriesOutsideTheRunAreRefused(@TempDir Path tmp) throws Exception {
        Path elsewhere = tmp.resolve("elsewhere");
        HandMadeRun.run(elsewhere, 3);
        Path run = tmp.resolve("run");
        Files.createDirectories(run);
        Files.createSymbolicLink(run.resolve("link"), elsewhere);
        for (String dir : List.of(elsewhere.toString(), "../elsewhere", "sub/../../elsewhere", "link")) {
            Map<String, Object> s = new LinkedHashMap<>();
            s.put("workload", "kv");
            Map<String, Object> phase = new LinkedHashMap<>(HandMadeRun.run(tmp.resolve("scratch"), 3));
            phase.put("name", "p");
            phase.put("directory", dir);
            s.put("phases", List.of(phase));
            HandMadeRun.write(run, s);
            BenchException e = refused(run);
            assertTrue(e.getMessage().contains("phase p's directory '" + dir + "'"), e.getMessage());
            assertTrue(e.getMessage().endsWith("is not a subdirectory of " + run)
                    || e.getMessage().endsWith("leads out of " + run + " (a symbolic link)"), e.getMessage());
        }
    }

    /** {@code {}}, a k6 summary and a JMH result: none is a bench run, none verifies "0 invariants". */
    @Test
    void jsonThatIsNoBenchRunIsBadInput(@TempDir Path tmp) throws Exception {
        for (String json : List.of("{}", "{\"metrics\": {\"http_reqs\": {\"count\": 5}}, \"root_group\": {}}",
                "{\"ops\": {\"get\": {\"completed\": 1}}}", "[{\"benchmark\": \"x\"}]")) {
            Files.writeString(tmp.resolve(ResultsDirectory.SUMMARY), json);
            BenchException e = refused(tmp);
            assertTrue(e.getMessage().startsWith(tmp.resolve(ResultsDirectory.SUMMARY) + " is not "), e.getMessage());
        }
    }

    @Test
    void aMissingIntervalsCsvOrLatencyLogIsBadInputAsAMissingSummaryIs(@TempDir Path tmp) throws Exception {
        for (String missing : List.of(ResultsDirectory.INTERVALS, ResultsDirectory.HLOG, ResultsDirectory.SUMMARY)) {
            Path run = tmp.resolve(missing);
            HandMadeRun.run(run, 3);
            Files.delete(run.resolve(missing));
            BenchException e = refused(run);
            assertTrue(e.getMessage().contains(run + " has no " + missing)
                    || e.getMessage().contains(run + " is not a results directory: it has no " + missing), e.getMessage());
        }
    }

    /**
     * 5 significant digits up to 2^62 is a 48 MB counts array in HdrHistogram's decoder, per line: 200 such
     * lines took ~1 GB of allocation to verify. Refused at the first line, before anything is sized by it.
     */
    @Test
    void aHistogramSizedBeyondWhatBenchWritesIsRefusedAtItsLine(@TempDir Path tmp) throws Exception {
        HandMadeRun.run(tmp, 3);
        Histogram huge = new Histogram(1, TWO_TO_62, 5);
        huge.recordValueWithCount(1_000_000, 100);
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8)) {
            HistogramLogWriter w = new HistogramLogWriter(out);
            w.outputStartTime(HandMadeRun.T0);
            w.setBaseTime(HandMadeRun.T0);
            for (int i = 0; i < 20; i++) {
                huge.setTag("get.sojourn");
                w.outputIntervalHistogram(i, i + 1, huge, 1e6);
            }
        }
        Files.write(tmp.resolve(ResultsDirectory.HLOG), bytes.toByteArray());
        long start = System.nanoTime();
        BenchException e = refused(tmp);
        assertTrue(e.getMessage().contains("line 2 is not an HdrHistogram log line: a histogram of 5 significant digits"),
                e.getMessage());
        assertTrue(System.nanoTime() - start < 2_000_000_000L, "refused within 2 s");
    }

    /** 64 MiB of zero counts deflate to ~64 KB; the reader stops inflating at 1 MiB. */
    @Test
    void aZipBombInTheLogIsRefusedBeforeItInflates(@TempDir Path tmp) throws Exception {
        HandMadeRun.run(tmp, 3);
        int countsLength = 64 << 20;
        ByteBuffer header = ByteBuffer.allocate(40);
        header.putInt(0x1c849313).putInt(countsLength).putInt(0).putInt(3).putLong(1).putLong(1L << 40).putDouble(1.0);
        Deflater deflater = new Deflater();
        deflater.setInput(header.array());
        byte[] zeros = new byte[1 << 20];
        ByteArrayOutputStream compressed = new ByteArrayOutputStream();
        byte[] buf = new byte[1 << 16];
        for (int i = 0; i <= countsLength / zeros.length; i++) {
            while (!deflater.needsInput()) {
                compressed.write(buf, 0, deflater.deflate(buf));
            }
            if (i < countsLength / zeros.length) {
                deflater.setInput(zeros);
            }
        }
        deflater.finish();
        while (!deflater.finished()) {
            compressed.write(buf, 0, deflater.deflate(buf));
        }
        byte[] body = compressed.toByteArray();
        ByteBuffer encoded = ByteBuffer.allocate(8 + body.length).putInt(0x1c849314).putInt(body.length).put(body);
        String line = "Tag=get.sojourn,0.000,1.000,1.000," + Base64.getEncoder().encodeToString(encoded.array());
        Files.writeString(tmp.resolve(ResultsDirectory.HLOG), "#[StartTime: " + HandMadeRun.T0 / 1000.0 + " (seconds since epoch)]\n"
                + line + "\n");
        BenchException e = refused(tmp);
        assertTrue(e.getMessage().contains("line 2 is not an HdrHistogram log line: it inflates past"), e.getMessage());
    }
}
