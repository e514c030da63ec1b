package dev.bench.cli.report;

import dev.bench.cli.CliRunner;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code bench compare A.json B.json --fail-on-regression}: the workflow's gate, exit status and flags. */
class CompareJmhGateTest {

    /** Two benchmarks, three forks of two iterations; the second file's are given. */
    private static String jmh(double... forks) {
        return """
                [ { "benchmark" : "x.Fast.op", "mode" : "thrpt", "params" : {},
                    "primaryMetric" : { "score" : 1, "scoreError" : "NaN", "scoreUnit" : "ops/s",
                                        "rawData" : [ [%s, %s], [%s, %s], [%s, %s] ] } },
                  { "benchmark" : "x.Steady.op", "mode" : "avgt", "params" : {},
                    "primaryMetric" : { "score" : 1, "scoreError" : "NaN", "scoreUnit" : "ns/op",
                                        "rawData" : [ [10, 10.1], [10.2, 10], [9.9, 10] ] } } ]
                """.formatted(forks[0], forks[0], forks[1], forks[1], forks[2], forks[2]);
    }

    @Test
    void failsOnlyOnASlowdownBeyondNoise(@TempDir Path tmp) throws Exception {
        Path base = Files.writeString(tmp.resolve("base.json"), jmh(1000, 1020, 990));
        Path slower = Files.writeString(tmp.resolve("slower.json"), jmh(800, 810, 795));

        CliRunner regressed = CliRunner.run("compare", "--fail-on-regression", base.toString(), slower.toString());
        assertEquals(1, regressed.exitCode(), regressed.out() + regressed.err());
        assertTrue(regressed.out().contains("probability <= 5 %): Fast.op -20.1%"), regressed.out());
        assertTrue(regressed.out().lines().anyMatch(l -> l.startsWith("Steady.op avgt") && l.contains("within noise (could see >= ")),
                regressed.out());

        CliRunner same = CliRunner.run("compare", "--fail-on-regression", base.toString(), base.toString());
        assertEquals(0, same.exitCode(), same.out() + same.err());
        CliRunner faster = CliRunner.run("compare", "--fail-on-regression", slower.toString(), base.toString());
        assertEquals(0, faster.exitCode(), faster.out());
        assertTrue(faster.out().lines().anyMatch(l -> l.startsWith("Fast.op thrpt") && l.endsWith("faster beyond noise")), faster.out());
    }

    @Test
    void rejectsAFalseAlarmRateOutsideZeroToAHalf(@TempDir Path tmp) throws Exception {
        Path base = Files.writeString(tmp.resolve("base.json"), jmh(1000, 1020, 990));
        CliRunner bad = CliRunner.run("compare", "--false-alarm-rate", "0.7", base.toString(), base.toString());
        assertEquals(2, bad.exitCode());
        assertTrue(bad.errorLines().get(0).startsWith("bench: --false-alarm-rate must be in (0, 0.5)"), bad.err());
    }

    /** The file against itself made 20 % slower: the tight benchmark is flagged, a 2 % one would not be. */
    @Test
    void whatIfSlowerSaysWhatTheGateWouldSeeOfARegression(@TempDir Path tmp) throws Exception {
        Path base = Files.writeString(tmp.resolve("base.json"), jmh(1000, 1020, 990));
        CliRunner twenty = CliRunner.run("compare", "--what-if-slower", "20", base.toString(), base.toString());
        assertEquals(0, twenty.exitCode(), twenty.out() + twenty.err());
        assertTrue(twenty.out().contains("# what-if: B made 20 % slower: the gate flags 2 of 2 benchmarks\n"), twenty.out());
        assertTrue(twenty.out().lines().anyMatch(l -> l.startsWith("Steady.op avgt") && l.contains("+25.0%")), twenty.out());

        CliRunner tiny = CliRunner.run("compare", "--what-if-slower", "0.1", "--fail-on-regression", base.toString(), base.toString());
        assertEquals(0, tiny.exitCode(), tiny.out());
        assertTrue(tiny.out().contains("# what-if: B made 0.1 % slower: the gate flags 0 of 2 benchmarks\n"), tiny.out());

        CliRunner bad = CliRunner.run("compare", "--what-if-slower", "100", base.toString(), base.toString());
        assertEquals(2, bad.exitCode());
        assertTrue(bad.errorLines().get(0).startsWith("bench: --what-if-slower must be a percent in (0, 100)"), bad.err());
    }
}
