package dev.bench.core.engine;

import dev.bench.core.Batch;
import dev.bench.core.BenchException;
import dev.bench.core.OpKind;
import dev.bench.core.OpMix;
import dev.bench.core.RunConfig;
import dev.bench.core.Schedule;
import dev.bench.core.WorkerSchedule;
import dev.bench.core.testing.StubWorkload;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicLongArray;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Each named segment of a schedule runs its own op mix, open and closed loop, against a backend of known speed. */
class EngineMixTest {

    private static final List<OpKind> KINDS = List.of(new OpKind("a", 1, 1), new OpKind("b", 1, 1));

    /** Counts each op by the kind it was given and the second of the window it was due in. */
    static final class KindsBySecond extends StubWorkload {
        final AtomicLongArray counts = new AtomicLongArray(2 * 2);

        KindsBySecond() {
            super(KINDS, 20_000);
        }

        @Override
        protected void execute(Batch batch) {
            super.execute(batch);
            for (int i = 0; i < batch.size(); i++) {
                long second = (batch.intendedNanos(i) - batch.windowStartNanos()) / 1_000_000_000L;
                counts.incrementAndGet((int) Math.min(1, Math.max(0, second)) * 2 + batch.kind());
            }
        }

        long count(int second, String kind) {
            return counts.get(second * 2 + (kind.equals("a") ? 0 : 1));
        }
    }

    private static KindsBySecond run(RunConfig config) {
        KindsBySecond backend = new KindsBySecond();
        Engine.run(backend, config, List.of());
        return backend;
    }

    @Test
    void openLoopSegmentsOfferTheirOwnMixAtTheScheduledRate() {
        RunConfig config = RunConfig.builder().threads(2)
                .schedule(Schedule.parse("--schedule", "x=1s:2000,y=1s:2000"))
                .mix(OpMix.parse("--mix", "x:a=1/b=0,y:a=1/b=3")).build();

        KindsBySecond seen = run(config);

        assertEquals(0, seen.count(0, "b"), "segment x gives b no share: " + seen.counts);
        assertTrue(Math.abs(seen.count(0, "a") - 2000) < 200, "x: all 2000/s are a: " + seen.counts);
        assertTrue(Math.abs(seen.count(1, "a") - 500) < 100 && Math.abs(seen.count(1, "b") - 1500) < 150,
                "y: a quarter a, three quarters b: " + seen.counts);
    }

    @Test
    void closedLoopSegmentsDrawFromTheirOwnMix() {
        RunConfig config = RunConfig.builder().threads(1)
                .workers(WorkerSchedule.parse("--schedule", "x=1s:x2,y=1s:x2"))
                .mix(OpMix.parse("--mix", "x:a=1,y:b=1")).build();

        KindsBySecond seen = run(config);

        assertEquals(0, seen.count(0, "b"), "segment x names only a: " + seen.counts);
        assertEquals(0, seen.count(1, "a"), "segment y names only b: " + seen.counts);
        assertTrue(seen.count(0, "a") > 100 && seen.count(1, "b") > 100, "a backend of 20 µs calls is busy: " + seen.counts);
    }

    @Test
    void aSegmentTheMixDoesNotNameRunsTheWorkloadsOwnWeights() {
        RunConfig config = RunConfig.builder().threads(2)
                .schedule(Schedule.parse("--schedule", "x=1s:2000,y=1s:2000"))
                .mix(OpMix.parse("--mix", "y:b=1")).build();

        KindsBySecond seen = run(config);

        assertTrue(Math.abs(seen.count(0, "a") - 1000) < 150 && Math.abs(seen.count(0, "b") - 1000) < 150,
                "x: the kinds' own 1:1: " + seen.counts);
        assertEquals(0, seen.count(1, "a"), "y names only b: " + seen.counts);
    }

    @Test
    void aMixMustNameSegmentsOfTheScheduleAndKindsOfTheWorkload() {
        BenchException noSegment = assertThrows(BenchException.class, () -> RunConfig.builder()
                .schedule(Schedule.parse("--schedule", "x=1s:100")).mix(OpMix.parse("--mix", "z:a=1")).build());
        assertTrue(noSegment.getMessage().contains("segment 'z'") && noSegment.getMessage().contains("its segments: x"),
                noSegment.getMessage());
        BenchException noSchedule = assertThrows(BenchException.class, () -> RunConfig.builder().targetOpsPerSec(100)
                .duration(Duration.ofSeconds(1)).mix(OpMix.parse("--mix", "z:a=1")).build());
        assertTrue(noSchedule.getMessage().contains("has no schedule"), noSchedule.getMessage());

        RunConfig badKind = RunConfig.builder().schedule(Schedule.parse("--schedule", "x=1s:100"))
                .mix(OpMix.parse("--mix", "x:c=1")).build();
        BenchException e = assertThrows(BenchException.class, () -> Engine.run(new StubWorkload(KINDS, 0), badKind, List.of()));
        assertEquals("--mix: segment x names op kind 'c', which this workload does not have; its kinds: a, b", e.getMessage());
    }

    @Test
    void badSpecsAreOneLineNamingTheOption() {
        for (String spec : new String[] {"", "x", "x:a", "x:a=-1", "x:a=0", "x:a=1,x:b=1", "1x:a=1", "x:a=1/a=2", "x:a=NaN"}) {
            BenchException e = assertThrows(BenchException.class, () -> OpMix.parse("--mix", spec), spec);
            assertTrue(e.getMessage().startsWith("--mix") && !e.getMessage().contains("\n"), e.getMessage());
        }
        assertEquals("x:a=1/b=0.5,y:b=3", OpMix.parse("--mix", "x:a=1/b=0.5,y:b=3").toString());
    }
}
