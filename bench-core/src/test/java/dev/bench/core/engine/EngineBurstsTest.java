package dev.bench.core.engine;

import dev.bench.core.Bursts;
import dev.bench.core.RunConfig;
import dev.bench.core.metrics.KindStats;
import dev.bench.core.metrics.RunResult;
import dev.bench.core.testing.StubWorkload;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The bursts rhythm through the engine: op count honoured, latency from each burst's start. */
class EngineBurstsTest {

    private static final long MILLI = 1_000_000;

    /**
     * Bursts of 10 on 2 workers at 1 ms: the pairs of a burst finish 1, 2, 3, 4, 5 ms after it starts.
     * Sojourn must say so (p90 is a last pair, >= 5 ms) while service stays at 1 ms.
     */
    @Test
    void anOpThatWaitsForAWorkerInsideItsBurstShowsTheWait() {
        RunResult r = Engine.run(StubWorkload.fixed(MILLI), RunConfig.builder().threads(2).warmup(Duration.ZERO)
                .duration(Duration.ofSeconds(30)).maxOps(200).bursts(new Bursts(10, Duration.ofMillis(5), 0)).build(), List.of());

        KindStats op = r.kind("op");
        assertTrue(r.completedAsPlanned());
        assertEquals(200, op.completed(), "the run ends after its op count, well before its 30 s");
        assertEquals(200, r.generatedTotal());
        long serviceP50 = op.service().getValueAtPercentile(50);
        assertTrue(serviceP50 >= MILLI && serviceP50 < 2 * MILLI, "service p50 " + serviceP50 / 1e6 + " ms, want 1 ms");
        long sojournP90 = op.sojourn().getValueAtPercentile(90);
        assertTrue(sojournP90 >= 5 * MILLI, "sojourn p90 " + sojournP90 / 1e6 + " ms, want >= 5 ms (the last pair of a burst)");
        long sojournP10 = op.sojourn().getValueAtPercentile(10);
        assertTrue(sojournP10 >= MILLI, "even the first pair takes its 1 ms: " + sojournP10 / 1e6);
    }
}
