package dev.bench.core.report;

import dev.bench.core.report.JmhResults.Result;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The JMH regression gate on synthetic pairs whose answer is known: it must fire on a real slowdown and only then. */
class RegressionGateTest {

    /** One benchmark's JMH JSON with the given forks, each of three iterations around its value. */
    private static String jmh(String mode, double... forks) {
        String raw = Arrays.stream(forks).mapToObj(f -> "[" + (f * 0.99) + ", " + f + ", " + (f * 1.01) + "]")
                .collect(Collectors.joining(", "));
        double mean = Arrays.stream(forks).average().orElseThrow();
        return """
                [ { "benchmark" : "x.Bench.op", "mode" : "%s", "forks" : %d,
                    "primaryMetric" : { "score" : %s, "scoreError" : %s, "scoreUnit" : "ops/s", "rawData" : [ %s ] } } ]
                """.formatted(mode, forks.length, mean, mean * 0.5, raw);
    }

    private static List<Result> read(Path dir, String name, String json) throws Exception {
        return JmhResults.read(Files.writeString(dir.resolve(name + ".json"), json));
    }

    @Test
    void flagsATwentyPercentSlowdownAndPassesAnUnchangedRerun(@TempDir Path tmp) throws Exception {
        List<Result> base = read(tmp, "base", jmh("thrpt", 1000, 1030, 980));
        List<Result> slower = read(tmp, "slower", jmh("thrpt", 800, 790, 815));
        List<Result> rerun = read(tmp, "rerun", jmh("thrpt", 990, 1020, 1005));
        assertEquals(List.of(1000.0, 1030.0, 980.0), base.get(0).forks().stream().map(f -> (double) Math.round(f)).toList(),
                "fork scores from rawData");

        RegressionGate gate = RegressionGate.DEFAULT;
        assertEquals(RegressionGate.Verdict.REGRESSION, gate.judge(base.get(0), slower.get(0)));
        assertEquals(RegressionGate.Verdict.OK, gate.judge(base.get(0), rerun.get(0)));
        String report = JmhReport.compare("A", base, "B", slower, gate);
        assertTrue(report.contains("every fork worse; >= 2 forks a side): Bench.op -20.0%"), report);
        assertTrue(JmhReport.compare("A", base, "B", rerun, gate).contains("forks a side): none"));
        // JMH's error is half the score here: an error-based rule could never have fired
        assertTrue(JmhReport.compare("A", base, "B", slower, gate).contains("# worse in B beyond noise: none"));
    }

    @Test
    void staysQuietWhenForksOverlapOrTheChangeIsSmallAndSaysWhenItCannotJudge(@TempDir Path tmp) throws Exception {
        List<Result> base = read(tmp, "base", jmh("thrpt", 1000, 1030, 980));
        RegressionGate gate = RegressionGate.DEFAULT;
        // median 20 % down, but one fork as fast as the base's slowest: one noisy runner, not a regression
        assertEquals(RegressionGate.Verdict.OK, gate.judge(base.get(0), read(tmp, "noisy", jmh("thrpt", 800, 790, 990)).get(0)));
        // every fork slower, by 5 %: below the threshold
        assertEquals(RegressionGate.Verdict.OK, gate.judge(base.get(0), read(tmp, "drift", jmh("thrpt", 950, 960, 945)).get(0)));
        List<Result> oneFork = read(tmp, "one", jmh("thrpt", 500));
        assertEquals(RegressionGate.Verdict.TOO_FEW_FORKS, gate.judge(base.get(0), oneFork.get(0)));
        assertTrue(JmhReport.compare("A", base, "B", oneFork, gate).contains("# regression gate: too few forks to judge"));
    }

    @Test
    void timePerOpIsWorseWhenHigher(@TempDir Path tmp) throws Exception {
        List<Result> base = read(tmp, "base", jmh("avgt", 40, 41, 39));
        List<Result> slower = read(tmp, "slower", jmh("avgt", 50, 49, 51));
        assertEquals(RegressionGate.Verdict.REGRESSION, RegressionGate.DEFAULT.judge(base.get(0), slower.get(0)));
        assertEquals(RegressionGate.Verdict.OK, RegressionGate.DEFAULT.judge(slower.get(0), base.get(0)), "faster is no regression");
        assertEquals(List.of("Bench.op"), JmhReport.regressions(base, slower, RegressionGate.DEFAULT));
    }
}
