package dev.bench.core.engine;

import dev.bench.core.Batch;
import dev.bench.core.ErrorKind;
import dev.bench.core.OpKind;
import dev.bench.core.RunConfig;
import dev.bench.core.Session;
import dev.bench.core.Workload;
import dev.bench.core.metrics.RunResult;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The run owns its clock: a backend that goes silent mid-run (a network partition: calls block, no
 * error ever comes) doesn't hold the run past its end plus --max-lag, or past a short grace after a stop.
 * Blocked calls are aborted, their ops counted failed; a call that ignores the abort is left behind.
 */
@Timeout(60) // without the engine's own clock these runs would never end: fail, don't hang
class BlockedWorkersTest {

    /** Serves ops in 100 µs until {@code silentAfterOps}, then blocks every call until its session is aborted. */
    static final class SilentBackend implements Workload {
        private final long silentAfterOps;
        private final boolean honoursAbort;
        private final java.util.concurrent.atomic.AtomicLong served = new java.util.concurrent.atomic.AtomicLong();
        final java.util.concurrent.atomic.AtomicInteger aborted = new java.util.concurrent.atomic.AtomicInteger();
        final CountDownLatch release = new CountDownLatch(1);

        SilentBackend(long silentAfterOps, boolean honoursAbort) {
            this.silentAfterOps = silentAfterOps;
            this.honoursAbort = honoursAbort;
        }

        @Override
        public List<OpKind> kinds() {
            return List.of(new OpKind("op", 1, 1));
        }

        @Override
        public Session openSession(int workerIndex) {
            CountDownLatch cut = new CountDownLatch(1);
            return new Session() {
                @Override
                public void execute(Batch batch) throws Exception {
                    if (served.incrementAndGet() <= silentAfterOps) {
                        java.util.concurrent.locks.LockSupport.parkNanos(100_000);
                        return;
                    }
                    // silent: neither an answer nor an error, and deaf to interrupts, as a socket read is
                    while (!(honoursAbort ? cut : release).await(1, TimeUnit.SECONDS)) {
                        Thread.onSpinWait();
                    }
                    throw new IOException("connection aborted");
                }

                @Override
                public void abort() {
                    aborted.incrementAndGet();
                    cut.countDown();
                }
            };
        }

        @Override
        public ErrorKind classify(Exception failure) {
            return ErrorKind.CONNECTION;
        }
    }

    @Test
    void aClosedLoopRunEndsAtItsEndPlusMaxLagWhateverItsWorkersAreBlockedIn() {
        SilentBackend backend = new SilentBackend(500, true);
        RunConfig config = RunConfig.builder().threads(3).warmup(Duration.ZERO).duration(Duration.ofSeconds(1))
                .maxLag(Duration.ofSeconds(1)).build();

        long start = System.nanoTime();
        RunResult r = Engine.run(backend, config, List.of());
        double seconds = (System.nanoTime() - start) / 1e9;

        assertTrue(seconds >= 1.9 && seconds < 4.0, "ended " + seconds + " s after the start: the 1 s window plus 1 s max lag");
        assertEquals(3, backend.aborted.get(), "every blocked worker's session aborted");
        assertFalse(r.completedAsPlanned());
        assertTrue(r.stopReason().startsWith("3 workers were still in a call past the run's end (the window plus "
                + "--max-lag 1 s): their connections were aborted and 3 ops of the window counted as failed"), r.stopReason());
        assertEquals(500, r.completedTotal());
        assertEquals(3, r.kinds().get(0).outcomes().failed(), "the three calls cut off are failures");
        assertEquals(1.0, r.windowNanos() / 1e9, 1e-9, "ran to its end: the window is the configured one");
    }

    @Test
    void anOpenLoopRunStopsAtMaxLagThenAbortsWithinTheGrace() {
        SilentBackend backend = new SilentBackend(200, true);
        RunConfig config = RunConfig.builder().threads(2).targetOpsPerSec(1_000).warmup(Duration.ZERO)
                .duration(Duration.ofSeconds(60)).maxLag(Duration.ofSeconds(1)).build();

        long start = System.nanoTime();
        RunResult r = Engine.run(backend, config, List.of());
        double seconds = (System.nanoTime() - start) / 1e9;

        // silent from ~0.2 s; the lag passes 1 s at ~1.2 s, seen then (not at an interval's end); 2 s of grace
        assertTrue(seconds > 2.5 && seconds < 4.5, "ended after " + seconds + " s, not at the 60 s end");
        assertTrue(r.stopReason().startsWith("fell too far behind"), r.stopReason());
        assertEquals(2, backend.aborted.get());
        long failed = r.kinds().get(0).outcomes().failed();
        assertTrue(r.stopReason().endsWith("2 workers were still in a call past the stop: their connections were "
                + "aborted and " + failed + " ops of the window counted as failed"), r.stopReason());
        assertEquals(1.2, r.windowNanos() / 1e9, 0.2, "the window ends at the stop");
        assertEquals(1_200, r.generatedTotal(), 200, "offered until the stop, not until the configured end");
    }

    @Test
    void aCallThatIgnoresTheAbortIsLeftBehindAndNamed() {
        SilentBackend backend = new SilentBackend(100, false);
        RunConfig config = RunConfig.builder().threads(2).warmup(Duration.ZERO).duration(Duration.ofMillis(500))
                .maxLag(Duration.ofMillis(500)).build();
        try {
            long start = System.nanoTime();
            RunResult r = Engine.run(backend, config, List.of());
            double seconds = (System.nanoTime() - start) / 1e9;

            assertTrue(seconds < 5.0, "the run didn't wait for calls that never return: " + seconds + " s");
            assertTrue(r.stopReason().contains("2 workers stayed blocked past the run's end (the window plus --max-lag 0.5 s) "
                    + "even after their connections were aborted, and were left behind"), r.stopReason());
            assertEquals(0, r.kinds().get(0).outcomes().failed(), "their ops never ended: counted nowhere");
        } finally {
            backend.release.countDown();
        }
    }

    /**
     * Calls still out when the run's time is up but that return by themselves (the abort does nothing to
     * this backend) were not cut off: no line says they were, and no op is counted failed.
     */
    @Test
    void callsThatReturnByThemselvesAreNotReportedAsCutOff() {
        RunConfig config = RunConfig.builder().threads(3).warmup(Duration.ZERO).duration(Duration.ofMillis(300))
                .maxLag(Duration.ofMillis(5)).build();

        RunResult r = Engine.run(dev.bench.core.testing.StubWorkload.fixed(50_000_000), config, List.of());

        assertEquals(0, r.kinds().get(0).outcomes().failed());
        assertTrue(r.completedAsPlanned(), r.stopReason());
    }
}
