package dev.bench.core.report;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class JmhReportTest {

    /** JMH's -rf json shape, trimmed to what is read. */
    private static String jmh(double selectScore, double selectError) {
        return """
                [ {
                    "jmhVersion" : "1.37", "benchmark" : "dev.bench.jmh.postgres.PostgresPointSelect.select",
                    "mode" : "thrpt", "threads" : 1, "forks" : 1, "params" : { "rows" : "1000" },
                    "primaryMetric" : { "score" : %s, "scoreError" : %s, "scoreConfidence" : [ 0, 0 ], "scoreUnit" : "ops/s" }
                }, {
                    "jmhVersion" : "1.37", "benchmark" : "dev.bench.jmh.engine.KeyDraws.zipf",
                    "mode" : "avgt", "threads" : 1, "forks" : 1,
                    "primaryMetric" : { "score" : 41.5, "scoreError" : "NaN", "scoreConfidence" : [ 0, 0 ], "scoreUnit" : "ns/op" }
                } ]
                """.formatted(selectScore, selectError);
    }

    @Test
    void readsJmhJsonAndJudgesNothingWithoutForks(@TempDir Path tmp) throws Exception {
        Path a = Files.writeString(tmp.resolve("a.json"), jmh(10_000, 200));
        Path b = Files.writeString(tmp.resolve("b.json"), jmh(12_000, 300));
        Path c = Files.writeString(tmp.resolve("c.json"), jmh(10_300, 300));
        List<JmhResults.Result> ra = JmhResults.read(a);
        assertEquals(2, ra.size());
        assertEquals("PostgresPointSelect.select", ra.get(0).shortName());
        assertEquals("rows=1000", ra.get(0).paramText());
        assertTrue(Double.isNaN(ra.get(1).error()));

        // without rawData there are no forks to judge on: JMH's error alone decides nothing
        String ab = JmhReport.compare("A", ra, "B", JmhResults.read(b));
        assertTrue(ab.lines().anyMatch(l -> l.startsWith("PostgresPointSelect.select") && l.contains("10,000")
                && l.contains("12,000") && l.endsWith("too few forks")), ab);
        assertTrue(ab.contains("# regression gate: too few forks to judge (run JMH with -f 3): PostgresPointSelect.select (rows=1000), "
                + "KeyDraws.zipf"), ab);
        assertTrue(ab.contains("over 0 benchmarks: an unchanged pass flags any with probability <= 5 %): none"), ab);
        assertTrue(JmhReport.compare("A", ra, "C", JmhResults.read(c)).contains("10,300"));

        Path html = JmhReport.write(a);
        assertEquals(tmp.resolve("a.html"), html);
        assertEquals(2, Files.readString(html).split("<canvas").length - 1, "a bar chart per benchmark");
    }
}
