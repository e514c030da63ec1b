package dev.bench.core.report;

import dev.bench.core.BenchException;
import dev.bench.core.results.RunFiles;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ReportTest {

    @Test
    void spectrumSitsOnHdrHistogramsAxis() {
        assertEquals(1, Spectrum.axis(0));
        assertEquals(10, Spectrum.axis(90));
        assertEquals(1000, Spectrum.axis(99.9));
        Histogram h = new Histogram(3);
        for (int v = 1; v <= 100_000; v++) {
            h.recordValue(v * 1000L);     // 1 µs .. 100 ms
        }
        List<double[]> points = Spectrum.points(h);
        double[] last = points.get(points.size() - 1);
        assertEquals(100_000, last[0]);
        assertEquals(100, last[1], 0.1);
        for (double[] p : points) {
            double percentile = 100 - 100 / p[0];
            assertEquals(percentile, p[1], 0.1 + percentile * 1e-3, "ms at " + percentile + " %");
        }
    }

    @Test
    void noiseIsTheRunsOwnIntervalSpread() {
        double[] a = {10, 11, 9, 10, 12, 10, 9, 11};
        assertEquals(Noise.Verdict.WITHIN, Noise.judge(a, new double[] {10.5, 11, 9.5, 10, 12, 10, 10, 11}));
        assertEquals(Noise.Verdict.BEYOND, Noise.judge(a, new double[] {14, 15, 13, 14, 16, 14, 13, 15}));
        assertEquals(Noise.Verdict.UNKNOWN, Noise.judge(a, new double[] {20, 21, 22}));
    }

    @Test
    void sloParsesUnitsAndRefusesNonsense() {
        Slo slo = Slo.parse("--slo", "p99=10ms,p50=500us,p99.9=1s");
        assertEquals(List.of(new Slo.Limit(99, 10), new Slo.Limit(50, 0.5), new Slo.Limit(99.9, 1000)), slo.limits());
        assertThrows(BenchException.class, () -> Slo.parse("--slo", "p99<10ms"));
        assertThrows(BenchException.class, () -> Slo.parse("--slo", "p100=1ms"));
    }

    @Test
    void aOneHourRunsReportIsSmallAndMasksSecrets(@TempDir Path tmp) throws Exception {
        Path dir = tmp.resolve("hour");
        SyntheticRun.write(dir, 1_800_000_000_000L, 3600, 50, 500, 1);
        // Its speed is not asserted here, shared machines are noisy: time `bench report` on such a run by hand.
        Path html = RunReport.write(RunFiles.read(dir));
        long bytes = Files.size(html);
        assertTrue(bytes < 1_000_000, "report of 3,600 intervals is " + bytes + " bytes");
        String text = Files.readString(html);
        assertFalse(text.contains("hunter2"), "secrets masked");
        assertTrue(text.contains("password=****"), "URL password masked");
        assertEquals(4, text.split("<canvas").length - 1, "spectrum and timeline per kind");
    }

    @Test
    void compareSaysWhatDiffersAndJudgesAgainstNoise(@TempDir Path tmp) throws Exception {
        SyntheticRun.write(tmp.resolve("a"), 1_800_000_000_000L, 20, 500, 500, 1);
        SyntheticRun.write(tmp.resolve("b"), 1_800_000_000_000L, 20, 500, 500, 2);
        SyntheticRun.write(tmp.resolve("c"), 1_800_000_000_000L, 20, 500, 1000, 3);
        RunCompare compare = new RunCompare(List.of(RunFiles.read(tmp.resolve("a")), RunFiles.read(tmp.resolve("b")),
                RunFiles.read(tmp.resolve("c"))));
        String text = compare.text();
        assertTrue(text.contains("run.seed: 1 | 2 | 3"), text);
        List<String> p50 = compare.table("read").get(2);
        assertEquals("sojourn p50 ms", p50.get(0));
        assertEquals("within noise", p50.get(4), "same distribution, other seed: " + p50);
        assertEquals("beyond noise", p50.get(7), "twice the mean latency: " + p50);
        assertTrue(p50.get(6).startsWith("+"), p50.toString());
        assertEquals(2, compare.page().chartCount());
    }
}
