package dev.bench.core.engine;

import dev.bench.core.OpKind;
import dev.bench.core.RunConfig;
import dev.bench.core.metrics.KindStats;
import dev.bench.core.metrics.RunResult;
import dev.bench.core.testing.StubWorkload;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The engine's latency claims, each against a backend whose behaviour is known in advance. */
class EngineLatencyTest {

    private static final long MILLI = 1_000_000;

    @Test
    void fixedServiceTimeComesBackAsThatTime() {
        RunResult r = Engine.run(StubWorkload.fixed(MILLI), RunConfig.builder()
                .threads(2).targetOpsPerSec(200).warmup(Duration.ofMillis(300)).duration(Duration.ofSeconds(2))
                .build(), List.of());

        KindStats op = r.kind("op");
        assertTrue(op.completed() > 300, "completed " + op.completed());
        long p50 = op.service().getValueAtPercentile(50);
        assertTrue(p50 >= 0.95 * MILLI && p50 <= 1.05 * MILLI, "service p50 " + p50 + " ns, want 1 ms ± 5 %");
        for (double p : new double[] {50, 90, 99, 100}) {
            assertTrue(op.sojourn().getValueAtPercentile(p) >= op.service().getValueAtPercentile(p),
                    "sojourn p" + p + " below service");
        }
    }

    /**
     * A 1 s stall at rate R queues about R ops; they drain in arrival order, so their sojourn falls
     * linearly from 1 s to 0 and about R/2 of them wait 0.5 s or more. A closed-loop timer (service
     * time) sees only the ops that were in flight when the stall began.
     */
    @Test
    void stallShowsAsTheQueueThatBuiltUpBehindIt() {
        int rate = 2000;
        int threads = 4;
        StubWorkload backend = StubWorkload.fixed(0);
        RunConfig config = RunConfig.builder().threads(threads).targetOpsPerSec(rate)
                .warmup(Duration.ZERO).duration(Duration.ofSeconds(3)).build();
        backend.stallOnce(System.nanoTime() + 1_000 * MILLI, 1_000 * MILLI);

        RunResult r = Engine.run(backend, config, List.of());

        KindStats op = r.kind("op");
        long slowSojourn = countAtOrAbove(op.sojourn(), 500 * MILLI);
        long slowService = countAtOrAbove(op.service(), 500 * MILLI);
        assertTrue(slowSojourn > 0.8 * rate / 2 && slowSojourn < 1.2 * rate / 2,
                "ops with sojourn >= 0.5 s: " + slowSojourn + ", queueing theory says about " + rate / 2);
        assertTrue(slowService >= 1 && slowService <= threads,
                "ops with service >= 0.5 s: " + slowService + ", want the few in flight (1.." + threads + ")");
        assertTrue(op.sojourn().getMaxValue() >= 950 * MILLI, "max sojourn " + op.sojourn().getMaxValue());
    }

    /**
     * A server that stalls for 2 s holds every worker in its call while the backlog grows 2 s late: the
     * server set the pace, not the client, though over the whole run the workers were in calls for a small
     * share of the time (the rule that judged that share said "client-bound").
     */
    @Test
    void aServerStallIsNotTheClientsBottleneck() {
        StubWorkload backend = StubWorkload.fixed(0);
        RunConfig config = RunConfig.builder().threads(4).targetOpsPerSec(2000)
                .warmup(Duration.ZERO).duration(Duration.ofSeconds(6)).build();
        backend.stallOnce(System.nanoTime() + 1_500 * MILLI, 2_000 * MILLI);

        RunResult r = Engine.run(backend, config, List.of());

        assertTrue(r.maxLagNanos() >= 1_000 * MILLI, "the backlog fell behind: " + r.maxLagNanos());
        assertTrue(r.client().servingShare() < 0.5, "over the run the workers were mostly free: " + r.client().servingShare());
        assertTrue(r.client().lateServingShare() >= 0.5, "while late, they were in calls: " + r.client().lateServingShare());
        assertFalse(r.client().clientBound(), r.client().toString());
    }

    @Test
    void closedLoopTimerHidesTheSameStall() {
        int threads = 4;
        StubWorkload backend = StubWorkload.fixed(500_000);
        RunConfig config = RunConfig.builder().threads(threads).warmup(Duration.ZERO)
                .duration(Duration.ofSeconds(3)).build();
        backend.stallOnce(System.nanoTime() + 1_000 * MILLI, 1_000 * MILLI);

        RunResult r = Engine.run(backend, config, List.of());

        long slow = countAtOrAbove(r.kind("op").sojourn(), 500 * MILLI);
        assertTrue(slow >= 1 && slow <= threads, "closed loop shows " + slow + " slow ops, want 1.." + threads);
    }

    @Test
    void achievedRateMatchesTargetWhenTheBackendKeepsUp() {
        double target = 100_000;
        RunResult r = Engine.run(StubWorkload.fixed(0), RunConfig.builder().threads(2).targetOpsPerSec(target)
                .warmup(Duration.ofMillis(500)).duration(Duration.ofSeconds(5)).build(), List.of());

        assertTrue(r.completedAsPlanned(), r.stopReason());
        assertEquals(target, r.generatedPerSec(), target * 0.01, "generated ops/s");
        assertEquals(target, r.actualPerSec(), target * 0.01, "actual ops/s");
        assertEquals(r.generatedTotal(), r.completedTotal(), "every offered op completed");
    }

    @Test
    void hopelessOverloadStopsEarlyWithAReason() {
        RunResult r = Engine.run(StubWorkload.fixed(10 * MILLI), RunConfig.builder().threads(1)
                .targetOpsPerSec(1000).warmup(Duration.ZERO).duration(Duration.ofSeconds(20))
                .maxLag(Duration.ofMillis(500)).reportInterval(Duration.ofMillis(100)).build(), List.of());

        assertTrue(r.stopReason() != null && r.stopReason().startsWith("fell too far behind"), r.stopReason());
        // Offered until the stop (the lag passes 500 ms at ~0.5 s), not over the 20 s never reached:
        // ~1000/s, of which ~100/s were served.
        assertEquals(0.5, r.windowNanos() / 1e9, 0.2, "the window ends at the stop");
        assertEquals(1000, r.generatedPerSec(), 1000 * 0.15, "Poisson: ~550 ops, 3.5 sigma");
        assertTrue(r.completedTotal() < 500, "completed " + r.completedTotal());
    }

    @Test
    void batchesGrowWhenTheBackendFallsBehind() {
        int[] largest = new int[1];
        StubWorkload backend = new StubWorkload(List.of(new OpKind("op", 1, 64)), 2 * MILLI) {
            @Override
            protected void onBatch(dev.bench.core.Batch batch) {
                synchronized (largest) {
                    largest[0] = Math.max(largest[0], batch.size());
                }
            }
        };
        // 1 worker at 2 ms per call serves 500 calls/s; 5000 ops/s only keeps up if batches grow to ~10+.
        RunResult r = Engine.run(backend, RunConfig.builder().threads(1).targetOpsPerSec(5000)
                .warmup(Duration.ZERO).duration(Duration.ofSeconds(2)).build(), List.of());

        assertTrue(r.completedAsPlanned(), r.stopReason());
        assertTrue(largest[0] >= 10 && largest[0] <= 64, "largest batch " + largest[0]);
        assertEquals(r.generatedTotal(), r.completedTotal());
        // Unbatched, the backlog would grow by 4,500 ops/s and p99 reach a second; 100 ms leaves room
        // for a shared machine's stalls and still fails that decisively.
        long p99 = r.kind("op").sojourn().getValueAtPercentile(99);
        assertTrue(p99 < 100 * MILLI, "sojourn p99 " + p99 / MILLI + " ms");
    }

    @Test
    void interruptingTheCallerStopsEarlyAndStillReports() throws Exception {
        RunResult[] result = new RunResult[1];
        Thread caller = new Thread(() -> result[0] = Engine.run(StubWorkload.fixed(0), RunConfig.builder().threads(2)
                .targetOpsPerSec(1000).warmup(Duration.ZERO).duration(Duration.ofSeconds(30)).build(), List.of()));
        caller.start();
        Thread.sleep(1000);
        caller.interrupt();
        caller.join(5000);

        assertTrue(!caller.isAlive(), "the run ended soon after the interrupt");
        assertTrue(result[0].stopReason().startsWith("interrupted"), result[0].stopReason());
        assertEquals(1000, result[0].completedTotal(), 200, "about one second of ops was measured");
    }

    private static long countAtOrAbove(Histogram h, long value) {
        return h.getTotalCount() - h.getCountBetweenValues(0, value - 1);
    }
}
