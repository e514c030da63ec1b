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
import static org.junit.jupiter.api.Assertions.assertFalse;
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
        assertEquals(List.of(1010.0, 1040.0, 990.0), base.get(0).forks().stream().map(f -> (double) Math.round(f)).toList(),
                "fork scores from rawData: each fork's best iteration");

        RegressionGate gate = RegressionGate.DEFAULT;
        assertEquals(RegressionGate.Verdict.SLOWER, gate.judge(base.get(0), slower.get(0)).verdict());
        RegressionGate.Judgement same = gate.judge(base.get(0), rerun.get(0));
        assertEquals(RegressionGate.Verdict.WITHIN, same.verdict());
        assertTrue(same.couldSee(20) && !same.couldSee(2), "forks within 5 % of each other, 3 a side: " + same.text());
        String report = JmhReport.compare("A", base, "B", slower, gate);
        assertTrue(report.contains("over 1 benchmarks: an unchanged pass flags any with probability <= 5 %): Bench.op -20.1%"), report);
        assertTrue(JmhReport.compare("A", base, "B", rerun, gate).contains("probability <= 5 %): none"));
    }

    @Test
    void saysWhatItCouldNotSeeAndWhenItCannotJudge(@TempDir Path tmp) throws Exception {
        List<Result> base = read(tmp, "base", jmh("thrpt", 1000, 1030, 980));
        // median 20 % down, but one fork as fast as the base: forks that disagree this much can't show 20 %
        Result noisy = read(tmp, "noisy", jmh("thrpt", 800, 650, 1000)).get(0);
        RegressionGate.Judgement j = RegressionGate.DEFAULT.judge(base.get(0), noisy);
        assertEquals(RegressionGate.Verdict.WITHIN, j.verdict());
        assertFalse(j.couldSee(20), j.text());
        assertTrue(j.text().startsWith("within noise (could see >= "), j.text());
        assertTrue(JmhReport.compare("A", base, "B", List.of(noisy)).contains("# regression gate: 1 of 1 could not see a 20 % slowdown"
                + " (more forks, or a quieter machine; out of the gate at 20 %, still flagged when slower beyond noise): Bench.op"));
        // a lax false-alarm rate, on the same forks, sees it: the verdict follows the stated rate
        assertEquals(RegressionGate.Verdict.SLOWER, new RegressionGate(0.3, 2).judge(base.get(0), noisy).verdict());
        List<Result> oneFork = read(tmp, "one", jmh("thrpt", 500));
        assertEquals(RegressionGate.Verdict.TOO_FEW_FORKS, RegressionGate.DEFAULT.judge(base.get(0), oneFork.get(0)).verdict());
        assertTrue(JmhReport.compare("A", base, "B", oneFork).contains("# regression gate: too few forks to judge"));
    }

    @Test
    void timePerOpIsWorseWhenHigher(@TempDir Path tmp) throws Exception {
        List<Result> base = read(tmp, "base", jmh("avgt", 40, 41, 39));
        List<Result> slower = read(tmp, "slower", jmh("avgt", 50, 49, 51));
        assertEquals(RegressionGate.Verdict.SLOWER, RegressionGate.DEFAULT.judge(base.get(0), slower.get(0)).verdict());
        assertEquals(RegressionGate.Verdict.FASTER, RegressionGate.DEFAULT.judge(slower.get(0), base.get(0)).verdict(),
                "faster is no regression");
        assertEquals(List.of("Bench.op"), JmhReport.regressions(base, slower, RegressionGate.DEFAULT));
        assertEquals(List.of(), JmhReport.regressions(slower, base, RegressionGate.DEFAULT));
    }

    /** Benjamini-Hochberg: the k-th smallest p passes at k q / m, and every p at or under the largest such cut is flagged. */
    @Test
    void benjaminiHochbergLoosensTheCutWithEachClearChangeAndNotOtherwise() {
        RegressionGate gate = new RegressionGate(0.05, 2);
        // thresholds 0.0125, 0.025, 0.0375, 0.05: the third smallest passes, so the cut is 0.0375 (Bonferroni: 0.0125)
        assertEquals(0.0375, gate.benjaminiHochbergCut(List.of(0.5, 0.03, 0.01, 0.02)), 1e-15);
        // none passes its threshold: the cut is q / m, which nothing reaches
        assertEquals(0.0125, gate.benjaminiHochbergCut(List.of(0.02, 0.03, 0.04, 0.5)), 1e-15);
    }
}
