package dev.bench.core.engine;

import dev.bench.core.Batch;
import dev.bench.core.BenchException;
import dev.bench.core.OpKind;
import dev.bench.core.RunConfig;
import dev.bench.core.RunConfigBuilder;
import dev.bench.core.WorkerSchedule;
import dev.bench.core.metrics.IntervalListener;
import dev.bench.core.metrics.IntervalSnapshot;
import dev.bench.core.metrics.RunResult;
import dev.bench.core.testing.StubWorkload;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A closed loop whose active workers follow a schedule, against a backend that counts who is inside it. */
class EngineWorkerScheduleTest {

    /** Each call parks 5 ms; the backend notes the most calls it held at once since it was last asked. */
    static final class ConcurrencyProbe extends StubWorkload {
        private final AtomicInteger inside = new AtomicInteger();
        private final AtomicInteger most = new AtomicInteger();

        ConcurrencyProbe() {
            super(List.of(new OpKind("op", 1, 1)), 0);
        }

        @Override
        protected void execute(Batch batch) {
            most.accumulateAndGet(inside.incrementAndGet(), Math::max);
            LockSupport.parkNanos(5_000_000);
            inside.decrementAndGet();
        }

        int mostSinceAsked() {
            return most.getAndSet(inside.get());
        }
    }

    record Seen(double startS, double endS, int most, long completed) {
    }

    @Test
    void theActiveWorkersFollowTheScheduleAndNoMore() {
        WorkerSchedule schedule = WorkerSchedule.parse("--schedule", "1s:x1,1s:x4,1s:x2");
        RunConfig config = RunConfig.builder().threads(1).duration(Duration.ofSeconds(60)).workers(schedule)
                .reportInterval(Duration.ofMillis(100)).build();
        assertEquals(4, config.threads(), "the schedule's largest count opens that many workers");
        assertEquals(3_000, config.duration().toMillis(), "the schedule sets the window's length");

        ConcurrencyProbe probe = new ConcurrencyProbe();
        List<Seen> seen = new ArrayList<>();
        IntervalListener listener = new IntervalListener() {
            @Override
            public void onInterval(IntervalSnapshot s) {
                seen.add(new Seen(s.startNanos() / 1e9, s.endNanos() / 1e9, probe.mostSinceAsked(), s.completed()));
            }
        };
        RunResult result = Engine.run(probe, config, List.of(listener));

        assertTrue(result.completedAsPlanned(), result.stopReason());
        long[] completedPerSegment = new long[3];
        for (Seen s : seen) {
            int segment = (int) Math.floor(s.startS() + 1e-6);
            // an interval just after a change may still see the old count (a worker out of the schedule
            // finishes the call it is in, 5 ms, before it parks), and the probe is read a few ms after
            // each interval's end: look at the intervals well inside a segment
            boolean settled = s.startS() - segment >= 0.15 && s.endS() <= segment + 0.95;
            if (segment >= 0 && segment < 3 && settled) {
                assertEquals(schedule.activeAt(s.startS()), s.most(), "calls inside the backend at once, " + s + ": " + seen);
            }
            if (segment >= 0 && segment < 3) {
                completedPerSegment[segment] += s.completed();
            }
        }
        // throughput follows the workers: a closed loop of 5 ms calls gives about 200 ops/s per worker
        double perWorker = completedPerSegment[0];
        assertEquals(4.0, completedPerSegment[1] / perWorker, 0.6, "x4 against x1: " + Arrays.toString(completedPerSegment));
        assertEquals(2.0, completedPerSegment[2] / perWorker, 0.3, "x2 against x1: " + Arrays.toString(completedPerSegment));
    }

    @Test
    void workersParkedOutOfTheScheduleStillEndTheRunOnAnInterrupt() throws Exception {
        RunConfig config = RunConfig.builder().workers(WorkerSchedule.parse("--schedule", "1s:x1,60s:x0,1s:x2")).build();
        RunResult[] result = new RunResult[1];
        Thread caller = new Thread(() -> result[0] = Engine.run(new ConcurrencyProbe(), config, List.of()));
        caller.start();
        Thread.sleep(1500);
        caller.interrupt();
        caller.join(5000);

        assertFalse(caller.isAlive(), "the run ended soon after the interrupt, though every worker was parked");
        assertTrue(result[0].stopReason().startsWith("interrupted"), result[0].stopReason());
    }

    @Test
    void aScheduleOfWorkersIsRefusedBesideARate() {
        RunConfigBuilder b = RunConfig.builder().targetOpsPerSec(1000).workers(WorkerSchedule.parse("--schedule", "1s:x2"));
        String message = assertThrows(BenchException.class, b::build).getMessage();
        assertTrue(message.contains("closed loop") && message.contains("1s:x2"), message);
    }
}
