package dev.bench.core.engine;

import dev.bench.core.RunConfig;
import dev.bench.core.Schedule;
import dev.bench.core.metrics.IntervalListener;
import dev.bench.core.metrics.IntervalSnapshot;
import dev.bench.core.metrics.RunResult;
import dev.bench.core.testing.StubWorkload;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A run stopped early ends at once whatever its rate and configured length, and its figures are those
 * of the time it ran: the window ends at the stop, and the ops offered are those offered until then.
 * Every figure after a stop comes from the schedule's integral in closed form, never from a walk over
 * the arrivals (a walk over a year at a million ops/s takes hours).
 */
@Timeout(30)
class EngineStopTest {

    private static final long MILLI = 1_000_000;

    /** Runs {@code config} on another thread and interrupts it (Ctrl-C) after {@code afterMillis}. */
    private static RunResult interruptedAfter(long afterMillis, RunConfig config, List<IntervalListener> listeners,
                                              long[] secondsFromInterrupt) throws InterruptedException {
        RunResult[] result = new RunResult[1];
        Thread caller = new Thread(() -> result[0] = Engine.run(StubWorkload.fixed(0), config, listeners));
        caller.start();
        Thread.sleep(afterMillis);
        long interruptedAt = System.nanoTime();
        caller.interrupt();
        caller.join(20_000);
        secondsFromInterrupt[0] = (System.nanoTime() - interruptedAt) / MILLI;
        assertFalse(caller.isAlive(), "the run ended after the interrupt");
        return result[0];
    }

    @Test
    void ctrlCAtAMillionOpsPerSecondForAYearEndsAtOnceWithTheFiguresOfTheTimeItRan() throws Exception {
        List<IntervalSnapshot> intervals = new CopyOnWriteArrayList<>();
        RunConfig config = RunConfig.builder().threads(1).targetOpsPerSec(1_000_000).warmup(Duration.ZERO)
                .duration(Duration.ofDays(365)).reportInterval(Duration.ofMillis(200)).maxLag(Duration.ofHours(1)).build();
        long[] millis = new long[1];

        RunResult r = interruptedAfter(1500, config, List.of(intervals::add), millis);

        assertTrue(millis[0] < 1000, "ended " + millis[0] + " ms after the interrupt");
        assertTrue(r.stopReason().startsWith("interrupted"), r.stopReason());
        double window = r.windowNanos() / 1e9;
        assertEquals(1.5, window, 0.3, "the window ends at the stop, not a year on");
        // one stream, Poisson: the ops offered until the stop are a million a second, claimed or not
        assertEquals(1_000_000 * window, r.generatedTotal(), 1_000_000 * window * 0.01);
        assertEquals(1_000_000, r.generatedPerSec(), 10_000);
        assertTrue(intervals.size() >= 6, "a progress line every 200 ms: " + intervals.size());
    }

    @Test
    void aClosedLoopStoppedEarlyOffersWhatItServedNotWhatTheConfiguredWindowWouldHave() throws Exception {
        RunConfig config = RunConfig.builder().threads(2).targetOpsPerSec(0).warmup(Duration.ZERO)
                .duration(Duration.ofSeconds(60)).build();
        long[] millis = new long[1];

        RunResult r = interruptedAfter(1000, config, List.of(), millis);

        assertEquals(1.0, r.windowNanos() / 1e9, 0.3, "the window ends at the stop, not at 60 s");
        assertEquals(r.actualPerSec(), r.generatedPerSec(), r.actualPerSec() * 0.1,
                "generated " + r.generatedPerSec() + " ops/s against actual " + r.actualPerSec());
    }

    @Test
    void ctrlCDuringWarmupMeasuredNothingAndSaysSoWithoutDividingByZero() throws Exception {
        RunConfig config = RunConfig.builder().threads(1).targetOpsPerSec(1000).warmup(Duration.ofSeconds(30))
                .duration(Duration.ofSeconds(30)).build();
        long[] millis = new long[1];

        RunResult r = interruptedAfter(300, config, List.of(), millis);

        assertEquals(0, r.windowNanos());
        assertEquals(0, r.generatedTotal());
        assertEquals(0.0, r.generatedPerSec());
    }

    /**
     * A billion ops in one second against one worker: the backlog is the whole schedule. The lag passes
     * the 1 s limit at about 1 s; the reporter sees it then, not at its 10 s interval's end, and counting
     * the billion ops offered costs nothing.
     */
    @Test
    void aBillionOpsBacklogStopsAtTheMaxLagAndIsCountedAtOnce() {
        RunConfig config = RunConfig.builder().threads(1).schedule(Schedule.parse("--schedule", "1s:1e9"))
                .warmup(Duration.ZERO).reportInterval(Duration.ofSeconds(10)).maxLag(Duration.ofSeconds(1)).build();
        List<IntervalSnapshot> intervals = new CopyOnWriteArrayList<>();

        long start = System.nanoTime();
        RunResult r = Engine.run(StubWorkload.fixed(0), config, List.of(intervals::add));
        double seconds = (System.nanoTime() - start) / 1e9;

        assertTrue(seconds < 2.5, "ended " + seconds + " s after the start");
        assertTrue(r.stopReason().startsWith("fell too far behind"), r.stopReason());
        assertEquals(1e9, r.generatedTotal(), 1e9 * 0.01, "the whole second's ops were offered");
        long waiting = intervals.get(intervals.size() - 1).waitingOps();
        assertEquals(1e9 - r.completedTotal(), waiting, 1e9 * 0.01, "all but the served ones still waited");
    }

    /**
     * voter --calls 1800 --target 300 behind a permanent partition: the count's ops are offered whether
     * or not a worker takes them, and the window is as long as the schedule took to offer them, not the
     * span of the few ops claimed before the worker blocked (the offered rate stays the target's).
     */
    @Test
    void aCountNeverClaimedEndsTheWindowWhereTheScheduleReachedIt() {
        RunConfig config = RunConfig.builder().threads(1).targetOpsPerSec(300).arrivals(dev.bench.core.Arrivals.UNIFORM)
                .warmup(Duration.ZERO).duration(Duration.ofSeconds(1)).maxOps(300).maxLag(Duration.ofSeconds(2))
                .reportInterval(Duration.ofMillis(500)).build();
        // the first call blocks past the max-lag stop (2 s, after the window's end): the count was all offered
        RunResult r = Engine.run(QueueGaugesTest.parking(3_500 * MILLI), config, List.of());

        assertEquals(300, r.generatedTotal(), "the count, offered");
        assertEquals(1.0, r.windowNanos() / 1e9, 0.01, "the window the schedule took to offer 300 ops at 300/s");
        assertEquals(300, r.generatedPerSec(), 3);
    }
}
