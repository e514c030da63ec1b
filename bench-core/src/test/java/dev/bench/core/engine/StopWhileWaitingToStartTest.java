package dev.bench.core.engine;

import dev.bench.core.RunConfig;
import dev.bench.core.metrics.IntervalListener;
import dev.bench.core.metrics.IntervalSnapshot;
import dev.bench.core.metrics.RunResult;
import dev.bench.core.testing.StubWorkload;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Ctrl-C while a run waits for --start-at ends it with no interval at all: the wait measured nothing,
 * and an interval from the start instant back to now would run backwards ("[warmup -96s] -0 ops/s").
 */
class StopWhileWaitingToStartTest {

    @Test
    void anInterruptBeforeTheStartReportsNoInterval() throws Exception {
        RunConfig config = RunConfig.builder().threads(1).targetOpsPerSec(100).warmup(Duration.ofSeconds(1))
                .duration(Duration.ofSeconds(1)).startAt(Instant.now().plusSeconds(60)).build();
        List<IntervalSnapshot> reported = new CopyOnWriteArrayList<>();
        IntervalListener listener = reported::add;
        CompletableFuture<RunResult> result = new CompletableFuture<>();
        Thread runner = new Thread(() -> result.complete(Engine.run(StubWorkload.fixed(0), config, List.of(listener))));
        runner.start();
        Thread.sleep(500); // the sessions are open and the engine waits for the start
        runner.interrupt();

        RunResult r = result.get(15, TimeUnit.SECONDS);

        assertTrue(r.interrupted(), "stopped by the interrupt");
        assertEquals(List.of(), reported, "no interval, let alone one that ends before it starts");
    }
}
