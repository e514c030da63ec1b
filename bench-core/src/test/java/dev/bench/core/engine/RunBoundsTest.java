package dev.bench.core.engine;

import dev.bench.core.BenchException;
import dev.bench.core.OpKind;
import dev.bench.core.RunConfig;
import dev.bench.core.metrics.RunResult;
import dev.bench.core.testing.StubWorkload;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Phases bounded by an op count, and started at an agreed wall-clock instant. */
class RunBoundsTest {

    private static final List<OpKind> TWO_KINDS = List.of(new OpKind("a", 1, 4), new OpKind("b", 3, 4));

    @Test
    void aClosedLoopCountEndsThePhaseAfterExactlyThatManyMeasuredOps() {
        RunConfig config = RunConfig.builder().threads(3).warmup(Duration.ofMillis(100))
                .duration(Duration.ZERO).maxOps(5_000).build();

        RunResult r = Engine.run(new StubWorkload(TWO_KINDS, 10_000), config, List.of());

        assertEquals(5_000, r.generatedTotal());
        assertEquals(5_000, r.completedTotal());
        assertTrue(r.completedAsPlanned());
        // 5,000 ops of 10 µs on 3 workers: well under the engine's default duration
        assertTrue(r.windowNanos() < Duration.ofSeconds(5).toNanos(), "window " + r.windowNanos());
    }

    @Test
    void withoutWarmupAClosedLoopCountIsEveryOpTheBackendSees() {
        // workers start before the phase does: an op they began early would be warmup, seen but not counted
        AtomicLong executed = new AtomicLong();
        StubWorkload backend = new StubWorkload(List.of(new OpKind("op", 1, 1)), 0) {
            @Override
            protected void onBatch(dev.bench.core.Batch batch) {
                executed.addAndGet(batch.size());
            }
        };
        RunConfig config = RunConfig.builder().threads(2).warmup(Duration.ZERO).duration(Duration.ZERO).maxOps(100).build();

        RunResult r = Engine.run(backend, config, List.of());

        assertEquals(100, r.completedTotal());
        assertEquals(100, executed.get(), "ops executed, measured or not");
    }

    @Test
    void anOpenLoopCountTakesAsLongAsTheRateSays() {
        RunConfig config = RunConfig.builder().threads(2).targetOpsPerSec(4_000).duration(Duration.ZERO)
                .maxOps(2_000).build();

        RunResult r = Engine.run(new StubWorkload(TWO_KINDS, 0), config, List.of());

        assertEquals(2_000, r.generatedTotal());
        assertEquals(2_000, r.completedTotal());
        // 2,000 ops at 4,000/s: half a second of schedule (Poisson: the sum of 2,000 gaps, ±~5 %), however
        // late a stalled machine served them
        assertEquals(0.5, r.windowNanos() / 1e9, 0.1);
        assertEquals(4_000, r.generatedPerSec(), 4_000 * 0.2);
    }

    @Test
    void whicheverComesFirstEndsThePhase() {
        RunConfig config = RunConfig.builder().threads(1).targetOpsPerSec(1_000)
                .duration(Duration.ofMillis(300)).maxOps(1_000_000).build();

        RunResult r = Engine.run(new StubWorkload(TWO_KINDS, 0), config, List.of());

        assertEquals(300, r.generatedTotal(), 300 * 0.25, "the time ended it, not the count");
        assertEquals(Duration.ofMillis(300).toNanos(), r.windowNanos());
    }

    @Test
    void aStartInstantDelaysTheFirstOpUntilThen() {
        Instant at = Instant.now().plusMillis(700);
        RunConfig config = RunConfig.builder().threads(1).targetOpsPerSec(1_000).duration(Duration.ofMillis(200))
                .startAt(at).build();

        RunResult r = Engine.run(StubWorkload.fixed(0), config, List.of());

        long skew = r.info().startEpochMillis() - at.toEpochMilli();
        assertTrue(Math.abs(skew) <= 20, "measured window started " + skew + " ms from the agreed instant");
    }

    @Test
    void aStartInstantInThePastIsRefused() {
        RunConfig config = RunConfig.builder().duration(Duration.ofMillis(100)).startAt(Instant.now().minusSeconds(5)).build();

        BenchException e = assertThrows(BenchException.class, () -> Engine.run(StubWorkload.fixed(0), config, List.of()));
        assertTrue(e.getMessage().contains("--start-at"), e.getMessage());
    }

    @Test
    void clientsShareTheTargetAndEachHasItsOwnSeedStream() {
        RunConfig one = RunConfig.builder().targetOpsPerSec(9_000).seed(7).build();
        RunConfig second = RunConfig.builder().targetOpsPerSec(9_000).seed(7).client(1, 3).build();
        RunConfig third = RunConfig.builder().targetOpsPerSec(9_000).seed(7).client(2, 3).build();

        assertEquals(7, one.seed(), "a single client keeps the seed it was given");
        assertEquals(3_000, second.clientTargetOpsPerSec());
        assertEquals(9_000, second.targetOpsPerSec());
        assertTrue(second.seed() != third.seed() && second.seed() != 7);
        assertThrows(BenchException.class, () -> RunConfig.builder().client(3, 3).build());
    }

    @Test
    void aSessionKnowsWhichOfItsOpsTheEngineMeasures() {
        // a workload's own counts (sysbench's statements) must leave out exactly the ops the engine does
        AtomicLong measured = new AtomicLong();
        AtomicLong warmup = new AtomicLong();
        StubWorkload backend = new StubWorkload(List.of(new OpKind("op", 1, 1)), 20_000) {
            @Override
            protected void onBatch(dev.bench.core.Batch batch) {
                for (int i = 0; i < batch.size(); i++) {
                    (batch.isMeasured(i) ? measured : warmup).incrementAndGet();
                }
            }
        };
        for (RunConfig config : List.of(
                RunConfig.builder().threads(3).warmup(Duration.ofMillis(200)).duration(Duration.ofMillis(300)).build(),
                RunConfig.builder().threads(3).targetOpsPerSec(20_000).warmup(Duration.ofMillis(200))
                        .duration(Duration.ofMillis(300)).build())) {
            measured.set(0);
            warmup.set(0);
            RunResult r = Engine.run(backend, config, List.of());
            assertEquals(r.completedTotal(), measured.get(), config.isOpenLoop() ? "open loop" : "closed loop");
            assertTrue(warmup.get() > 0, "some ops were warmup");
        }
    }
}
