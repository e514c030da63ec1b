package dev.bench.core.results;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** bench merge refuses what is not the clients of one run, in one line naming both inputs, and writes nothing. */
class MergeInputsTest {

    /** A client of a 2-client vote run at 100 ops/s, its window starting {@code offsetMs} after the others'. */
    private static Path client(Path dir, int id, String workload, double target, long offsetMs) throws Exception {
        Map<String, Object> s = HandMadeRun.run(dir, 3);
        s.put("workload", workload);
        Map<String, Object> options = new LinkedHashMap<>();
        options.put("target", target);
        options.put("clients", 2);
        options.put("client-id", id);
        options.put("results", dir.toString());
        s.put("options", options);
        HandMadeRun.write(dir, s);
        if (offsetMs != 0) {
            String log = Files.readString(dir.resolve(ResultsDirectory.HLOG));
            double start = HandMadeRun.T0 / 1e3;
            Files.writeString(dir.resolve(ResultsDirectory.HLOG), log.replace("#[StartTime: " + String.format("%.3f", start),
                    "#[StartTime: " + String.format("%.3f", start + offsetMs / 1e3)));
        }
        return dir;
    }

    private static String refusal(Path out, Path... dirs) {
        List<RunFiles> clients = java.util.Arrays.stream(dirs).map(RunFiles::read).toList();
        MergeInputs.Refused e = assertThrows(MergeInputs.Refused.class, () -> new RunMerger(clients).writeTo(out));
        assertFalse(Files.exists(out), "nothing written");
        assertFalse(e.getMessage().contains("\n"), e.getMessage());
        return e.getMessage();
    }

    @Test
    void twoClientsOfOneRunMerge(@TempDir Path tmp) throws Exception {
        Path a = client(tmp.resolve("a"), 0, "vote", 200, 0);
        Path b = client(tmp.resolve("b"), 1, "vote", 200, 500);
        RunFiles m = new RunMerger(List.of(RunFiles.read(a), RunFiles.read(b))).writeTo(tmp.resolve("m"));
        assertEquals(600, m.summary().path("ops").path("get").path("completed").asLong());
        assertEquals("run-a", m.summary().path("clients").path(0).path("run_id").asText());
        assertFalse(m.summary().path("run_id").asText().equals("run-a"), "the merge has an id of its own");
    }

    @Test
    void theSameDirectoryTwiceIsRefused(@TempDir Path tmp) throws Exception {
        Path a = client(tmp.resolve("a"), 0, "vote", 200, 0);
        String m = refusal(tmp.resolve("m"), a, a);
        assertTrue(m.contains(a + " and " + a + " are the same directory"), m);
    }

    @Test
    void aCopyOfOneRunIsRefusedByItsRunId(@TempDir Path tmp) throws Exception {
        Path a = client(tmp.resolve("a"), 0, "vote", 200, 0);
        Path b = client(tmp.resolve("b"), 1, "vote", 200, 0);
        String summary = Files.readString(b.resolve(ResultsDirectory.SUMMARY)).replace("run-b", "run-a");
        Files.writeString(b.resolve(ResultsDirectory.SUMMARY), summary);
        String m = refusal(tmp.resolve("m"), a, b);
        assertTrue(m.contains("are the same client run (run_id run-a)"), m);
    }

    @Test
    void differentWorkloadsAreRefused(@TempDir Path tmp) throws Exception {
        Path a = client(tmp.resolve("a"), 0, "vote", 200, 0);
        Path b = client(tmp.resolve("b"), 1, "tpcc", 200, 0);
        String m = refusal(tmp.resolve("m"), a, b);
        assertTrue(m.contains(a + " and " + b + " are runs of different workloads (vote, tpcc)"), m);
    }

    @Test
    void differentSettingsAreRefused(@TempDir Path tmp) throws Exception {
        Path a = client(tmp.resolve("a"), 0, "vote", 200, 0);
        Path b = client(tmp.resolve("b"), 1, "vote", 400, 0);
        String m = refusal(tmp.resolve("m"), a, b);
        assertTrue(m.contains(a + " and " + b + " were run with different settings (--target 200.0 and 400.0)"), m);
    }

    @Test
    void theSameClientIdTwiceIsRefused(@TempDir Path tmp) throws Exception {
        Path a = client(tmp.resolve("a"), 0, "vote", 200, 0);
        Path b = client(tmp.resolve("b"), 0, "vote", 200, 0);
        String m = refusal(tmp.resolve("m"), a, b);
        assertTrue(m.contains("are both client 0 of 2"), m);
    }

    /** A vote run and one taken 72 s later: they were never clients of one run. */
    @Test
    void windowsThatDontOverlapAreRefused(@TempDir Path tmp) throws Exception {
        Path a = client(tmp.resolve("a"), 0, "vote", 200, 0);
        Path b = client(tmp.resolve("b"), 1, "vote", 200, 72_000);
        String m = refusal(tmp.resolve("m"), a, b);
        assertTrue(m.contains(a + " and " + b + " measured at different times"), m);
        assertTrue(m.contains("69.0 s apart"), m);
    }

    @Test
    void aClientThatMeasuredNothingIsNamed(@TempDir Path tmp) throws Exception {
        Path a = client(tmp.resolve("a"), 0, "vote", 200, 0);
        Path b = client(tmp.resolve("b"), 1, "vote", 200, 0);
        Files.writeString(b.resolve(ResultsDirectory.HLOG), "");
        String m = refusal(tmp.resolve("m"), a, b);
        assertTrue(m.startsWith(b + " measured no op (its latency.hlog is empty"), m);
    }
}
