package dev.bench.core.run;

import dev.bench.core.results.verify.ResultsInvariants;
import com.fasterxml.jackson.databind.JsonNode;
import dev.bench.core.BenchException;
import dev.bench.core.RunConfig;
import dev.bench.core.Schedule;
import dev.bench.core.Workload;
import dev.bench.core.metrics.RunResult;
import dev.bench.core.results.ResultsDirectory;
import dev.bench.core.results.ResultsJson;
import dev.bench.core.testing.StubWorkload;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class BenchmarkRunTest {

    private static final RunConfig SHORT = RunConfig.builder().threads(1).targetOpsPerSec(2_000)
            .duration(Duration.ofMillis(200)).build();

    /** Counts its ops as "told" and lets the test decide what the database is found to hold. */
    static class ScriptedBenchmark extends Benchmark {
        final List<String> calls = new ArrayList<>();
        final List<PhasePlan> plans;
        final boolean agree;
        StubWorkload current;

        ScriptedBenchmark(List<PhasePlan> plans, boolean agree) {
            this.plans = plans;
            this.agree = agree;
        }

        @Override
        public String name() {
            return "scripted";
        }

        @Override
        public Map<String, Object> describe() {
            return Map.of("target", "stub");
        }

        @Override
        protected void prepare() throws Exception {
            calls.add("prepare");
        }

        @Override
        protected List<PhasePlan> phases() {
            return plans;
        }

        @Override
        protected Workload workload(PhasePlan phase) {
            calls.add("workload " + phase.name());
            current = StubWorkload.fixed(0);
            return current;
        }

        @Override
        protected IntegrityCheck check(PhasePlan phase, RunResult result) {
            calls.add("check " + phase.name());
            return IntegrityCheck.of(agree, "ops " + result.completedTotal());
        }

        @Override
        protected Figures figures(PhasePlan phase, RunResult result) {
            return new Figures().sum("told", result.completedTotal());
        }

        @Override
        protected void report(PhaseOutcome outcome, PrintWriter out) {
            calls.add("report " + outcome.plan().name());
            out.println("phase " + outcome.plan().name() + ": " + outcome.check().verdict());
        }

        @Override
        protected void finish(List<PhaseOutcome> outcomes, PrintWriter out) {
            calls.add("finish " + outcomes.size());
        }
    }

    private static RunContext context(Path dir, StringWriter out) {
        return new RunContext(new PrintWriter(out), new PrintWriter(new StringWriter()), false, dir, Map.of("threads", 1),
                List.of());
    }

    @Test
    void onePhaseRunsThePartsInOrderAndWritesTheFlatSummary(@TempDir Path tmp) throws Exception {
        ScriptedBenchmark b = new ScriptedBenchmark(List.of(new PhasePlan("run", SHORT)), true);
        StringWriter out = new StringWriter();

        int exit = BenchmarkRun.execute(b, context(tmp.resolve("r"), out));

        assertEquals(BenchmarkRun.EXIT_OK, exit);
        assertEquals(List.of("prepare", "workload run", "check run", "report run", "finish 1"), b.calls);
        assertTrue(out.toString().startsWith("phase run: ok: ops "), out.toString());
        assertTrue(out.toString().endsWith("# results: " + tmp.resolve("r") + System.lineSeparator()), out.toString());
        String summary = Files.readString(tmp.resolve("r").resolve(ResultsDirectory.SUMMARY));
        ResultsInvariants.assertHold(tmp.resolve("r"));
        assertTrue(summary.indexOf("\"workload\": \"scripted\"") < summary.indexOf("\"target\": \"stub\""), summary);
        assertTrue(summary.contains("\"told\": ") && summary.contains("\"ops\": {") && !summary.contains("\"phases\""), summary);
        assertTrue(Files.exists(tmp.resolve("r").resolve(ResultsDirectory.HLOG)));
    }

    @Test
    void severalPhasesListTheirOwnNumbersAndDirectories(@TempDir Path tmp) throws Exception {
        ScriptedBenchmark b = new ScriptedBenchmark(List.of(new PhasePlan("a", SHORT), new PhasePlan("b", SHORT)), true);

        int exit = BenchmarkRun.execute(b, context(tmp.resolve("r"), new StringWriter()));

        assertEquals(BenchmarkRun.EXIT_OK, exit);
        assertEquals(List.of("prepare", "workload a", "check a", "report a", "workload b", "check b", "report b",
                "finish 2"), b.calls);
        String summary = Files.readString(tmp.resolve("r").resolve(ResultsDirectory.SUMMARY));
        ResultsInvariants.assertHold(tmp.resolve("r"));
        assertTrue(summary.contains("\"phases\": [") && summary.contains("\"directory\": \"02-b\""), summary);
        assertTrue(Files.exists(tmp.resolve("r").resolve("01-a").resolve(ResultsDirectory.INTERVALS)));
    }

    @Test
    void aScheduleOfNamedPhasesWritesEachPhaseInItsOwnDirectory(@TempDir Path tmp) throws Exception {
        RunConfig scheduled = RunConfig.builder().threads(2).reportInterval(Duration.ofSeconds(1))
                .schedule(Schedule.parse("--schedule", "low=1s:200,high=1s:1000,back=1s:200")).build();
        ScriptedBenchmark b = new ScriptedBenchmark(List.of(new PhasePlan("run", scheduled)), true);

        assertEquals(BenchmarkRun.EXIT_OK, BenchmarkRun.execute(b, context(tmp.resolve("r"), new StringWriter())));

        Path r = tmp.resolve("r");
        JsonNode top = ResultsJson.read(r.resolve(ResultsDirectory.SUMMARY));
        ResultsInvariants.assertHold(r);
        assertEquals("[\"01-low\",\"02-high\",\"03-back\"]", top.path("scheduled_phases").toString());
        long sum = 0;
        for (String dir : List.of("01-low", "02-high", "03-back")) {
            assertTrue(Files.exists(r.resolve(dir).resolve(ResultsDirectory.INTERVALS)), dir);
            assertTrue(Files.exists(r.resolve(dir).resolve(ResultsDirectory.HLOG)), dir);
            sum += ResultsJson.read(r.resolve(dir).resolve(ResultsDirectory.SUMMARY)).path("completed_ops").asLong();
        }
        assertEquals(top.path("throughput").path("completed_ops").asLong(), sum, "every op counts in exactly one phase");
        JsonNode high = ResultsJson.read(r.resolve("02-high").resolve(ResultsDirectory.SUMMARY));
        assertEquals("high", high.path("phase").asText());
        assertEquals(1000, high.path("scheduled_ops").asLong(), "the schedule's integral over the phase");
        long done = high.path("completed_ops").asLong();
        assertTrue(done > 850 && done < 1150, "a near-instant backend completes the phase's arrivals in it: " + done);
        assertTrue(high.path("ops").path("op").path("sojourn_us").has("p99"), high.toString());
    }

    /**
     * Every named stretch gets its directory, even one alone; consecutive segments of one name are one
     * stretch; an unnamed segment belongs to none (as to no --mix segment): its ops are in the top files only.
     */
    @Test
    void everyNamedStretchGetsItsDirectoryAndAnUnnamedSegmentNone(@TempDir Path tmp) throws Exception {
        RunConfig scheduled = RunConfig.builder().threads(1).reportInterval(Duration.ofMillis(250))
                .schedule(Schedule.parse("--schedule", "a=250ms:400,250ms:400,b=250ms:400,b=250ms:800")).build();
        ScriptedBenchmark b = new ScriptedBenchmark(List.of(new PhasePlan("run", scheduled)), true);

        assertEquals(BenchmarkRun.EXIT_OK, BenchmarkRun.execute(b, context(tmp.resolve("r"), new StringWriter())));

        Path r = tmp.resolve("r");
        assertEquals("[\"01-a\",\"02-b\"]", ResultsJson.read(r.resolve(ResultsDirectory.SUMMARY)).path("scheduled_phases").toString());
        JsonNode a = ResultsJson.read(r.resolve("01-a").resolve(ResultsDirectory.SUMMARY));
        assertEquals(0.25, a.path("to_s").asDouble(), 1e-9, "a's own segment only: " + a);
        JsonNode bs = ResultsJson.read(r.resolve("02-b").resolve(ResultsDirectory.SUMMARY));
        assertEquals(0.5, bs.path("from_s").asDouble(), 1e-9, bs.toString());
        assertEquals("b=250ms:400,b=250ms:800", bs.path("schedule").asText(), "both of b's segments: " + bs);

        Path alone = tmp.resolve("alone");
        RunConfig one = RunConfig.builder().threads(1).schedule(Schedule.parse("--schedule", "only=250ms:400")).build();
        BenchmarkRun.execute(new ScriptedBenchmark(List.of(new PhasePlan("run", one)), true), context(alone, new StringWriter()));
        assertEquals("[\"01-only\"]", ResultsJson.read(alone.resolve(ResultsDirectory.SUMMARY)).path("scheduled_phases").toString());
    }

    @Test
    void aMismatchExitsOneButStillReportsAndWrites(@TempDir Path tmp) {
        ScriptedBenchmark b = new ScriptedBenchmark(List.of(new PhasePlan("run", SHORT)), false);
        StringWriter out = new StringWriter();

        assertEquals(BenchmarkRun.EXIT_FAILED, BenchmarkRun.execute(b, context(tmp.resolve("r"), out)));
        assertTrue(out.toString().contains("MISMATCH: ops "), out.toString());
        assertTrue(Files.exists(tmp.resolve("r").resolve(ResultsDirectory.SUMMARY)));
    }

    @Test
    void aFailedPrepareIsOneLineAndWritesNothing(@TempDir Path tmp) {
        ScriptedBenchmark b = new ScriptedBenchmark(List.of(new PhasePlan("run", SHORT)), true) {
            @Override
            protected void prepare() throws java.sql.SQLException {
                throw new java.sql.SQLException("relation \"x\" does not exist\n  Position: 15", "42P01");
            }
        };

        BenchException e = assertThrows(BenchException.class, () -> BenchmarkRun.execute(b, context(tmp.resolve("r"), new StringWriter())));
        assertEquals("preparing the data failed: relation \"x\" does not exist (SQLSTATE 42P01)", e.getMessage());
        assertFalse(Files.exists(tmp.resolve("r")));
    }

    @Test
    void aPhaseThatFailsForGoodStillReportsAndWritesWhatItMeasured(@TempDir Path tmp) throws Exception {
        RunConfig long10s = RunConfig.builder().threads(1).targetOpsPerSec(2_000).duration(Duration.ofSeconds(10)).build();
        ScriptedBenchmark b = new ScriptedBenchmark(List.of(new PhasePlan("run", long10s), new PhasePlan("next", SHORT)), true) {
            @Override
            protected Workload workload(PhasePlan phase) {
                calls.add("workload " + phase.name());
                java.util.concurrent.atomic.AtomicInteger ops = new java.util.concurrent.atomic.AtomicInteger();
                return new StubWorkload(List.of(new dev.bench.core.OpKind("op", 1, 1)), 0) {
                    @Override
                    protected void onBatch(dev.bench.core.Batch batch) {
                        if (ops.incrementAndGet() > 200) {
                            throw new IllegalStateException("the server is gone");
                        }
                    }

                    @Override
                    public dev.bench.core.ErrorKind classify(Exception e) {
                        return dev.bench.core.ErrorKind.FATAL;
                    }
                };
            }
        };
        StringWriter out = new StringWriter();
        long start = System.nanoTime();

        BenchException e = assertThrows(BenchException.class, () -> BenchmarkRun.execute(b, context(tmp.resolve("r"), out)));

        assertTrue(System.nanoTime() - start < 5_000_000_000L, "ended at the failure, not the 10 s deadline");
        assertTrue(e.getMessage().contains("the server is gone"), e.getMessage());
        assertEquals(List.of("prepare", "workload run", "report run", "finish 1"), b.calls, "no check, no next phase");
        assertTrue(out.toString().contains("# failed: "), out.toString());
        var summary = ResultsJson.read(tmp.resolve("r").resolve(ResultsDirectory.SUMMARY));
        assertEquals(200, summary.path("ops").path("op").path("completed").asLong(), summary.toString());
        assertFalse(summary.path("integrity").path("ok").asBoolean(), "nothing confirmed after a failure: " + summary.path("integrity"));
        try (var files = Files.walk(tmp.resolve("r"))) {
            assertTrue(files.anyMatch(f -> f.endsWith(ResultsDirectory.INTERVALS)), "intervals.csv written");
        }
        assertTrue(Files.exists(tmp.resolve("r").resolve("report.html")));
    }
}
