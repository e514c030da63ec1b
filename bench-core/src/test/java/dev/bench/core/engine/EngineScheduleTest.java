package dev.bench.core.engine;

import dev.bench.core.Arrivals;
import dev.bench.core.RunConfig;
import dev.bench.core.Schedule;
import dev.bench.core.metrics.IntervalListener;
import dev.bench.core.metrics.IntervalSnapshot;
import dev.bench.core.metrics.RunResult;
import dev.bench.core.testing.StubWorkload;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Whole runs on a schedule, in real time, against backends whose behaviour is known. */
class EngineScheduleTest {

    record Seen(double startS, double endS, long completed, long waiting) {
    }

    static final class Recorder implements IntervalListener {
        final List<Seen> seen = new ArrayList<>();

        @Override
        public void onInterval(IntervalSnapshot s) {
            seen.add(new Seen(s.startNanos() / 1e9, s.endNanos() / 1e9, s.completed(), s.waitingOps()));
        }
    }

    /** The null backend keeps up: each full second completes what the schedule offered in it, the step's first too. */
    @Test
    void aStepFrom1000To50000IsFollowedFromItsFirstSecond() {
        Schedule schedule = Schedule.parse("--schedule", "2s:1000,2s:50000,1s:50000..10000");
        RunConfig config = RunConfig.builder().threads(1).schedule(schedule).arrivals(Arrivals.UNIFORM)
                .warmup(Duration.ofSeconds(1)).build();
        Recorder r = new Recorder();
        RunResult result = Engine.run(StubWorkload.fixed(0), config, List.of(r));

        assertNull(result.stopReason());
        assertEquals(5_000_000_000L, config.duration().toNanos(), "the schedule sets the window's length");
        List<Seen> window = r.seen.stream().filter(s -> s.startS() >= 0 && s.startS() < 4.5).toList();
        assertEquals(5, window.size(), r.seen.toString());
        for (Seen s : window) {
            double scheduled = schedule.count(s.startS(), s.endS());
            // completions are counted when the reporter wakes, up to a few ms past each edge: what
            // arrives in those ms lands in the neighbouring interval
            double spill = 0.005 * (schedule.rateAt(s.startS() - 1e-9) + schedule.rateAt(s.endS() + 1e-9));
            assertEquals(scheduled, s.completed(), 0.02 * scheduled + spill, "second from " + s.startS() + ": " + r.seen);
            assertEquals(scheduled / (s.endS() - s.startS()), OfferedLoad.scheduledOpsPerSec(config, s.startS(), s.endS()), 1e-6);
        }
        Seen warmup = r.seen.get(0);
        assertTrue(warmup.endS() <= 0, "warmup first: " + r.seen);
        assertEquals(1000, warmup.completed(), 20, "warmup at the schedule's first rate");
        assertEquals(2 * 1000 + 2 * 50_000 + 30_000, result.generatedTotal(), 2, "the window's ops, warmup aside");
    }

    /**
     * Fluid model: W workers of service time S serve μ ≈ W/S ops/s; while arrivals λ(t) exceed it the
     * queue grows as ∫(λ − μ) dt, and once they fall below it drains at μ − λ. A 10 s spike to 1.5 μ
     * builds the queue the model says and drains it when the model says. μ is what the backend served
     * while saturated in the spike's first half (parks wake late by a load-dependent margin, so W/S
     * is only about it); the second half, the peak and the drain are then predictions.
     */
    @Test
    void aSpikeAboveCapacityBuildsAndDrainsTheQueueTheFluidModelPredicts() {
        Schedule schedule = Schedule.parse("--schedule", "2s:100,10s:300,14s:100");
        RunConfig config = RunConfig.builder().threads(2).schedule(schedule).arrivals(Arrivals.UNIFORM)
                .maxLag(Duration.ofSeconds(60)).build();
        Recorder r = new Recorder();
        RunResult result = Engine.run(QueueGaugesTest.parking(10_000_000), config, List.of(r));

        // the backend's capacity as served while saturated: the spike's first five full seconds
        double mu = r.seen.stream().filter(s -> s.startS() >= 3 && s.endS() <= 8.0001).mapToLong(Seen::completed).sum() / 5.0;
        assertEquals(195, mu, 15, "2 workers parking 10 ms");
        double peak = (300 - mu) * 10;
        for (Seen s : r.seen) {
            double t = s.endS();
            if (t > 26) {
                break;
            }
            double predicted = t <= 2 ? 0 : t <= 12 ? (300 - mu) * (t - 2) : Math.max(0, peak - (mu - 100) * (t - 12));
            assertEquals(predicted, s.waiting(), 0.05 * peak + 5, "waiting ops at " + t + " s (μ " + mu + ")");
        }
        assertTrue(peak > 900, "the spike queued about a thousand ops: " + peak);
        assertNull(result.stopReason());
        assertEquals(200 + 3000 + 1400, result.completedTotal(), 2, "every op served, none dropped");
    }

    /** --max-lag still ends a run whose schedule outgrows the backend, and says so. */
    @Test
    void aScheduleTheBackendCannotFollowEndsAtTheMaxLag() {
        Schedule schedule = Schedule.parse("--schedule", "1s:50,20s:50..5000");
        RunConfig config = RunConfig.builder().threads(1).schedule(schedule).reportInterval(Duration.ofMillis(200))
                .maxLag(Duration.ofSeconds(1)).build();
        long start = System.nanoTime();
        RunResult result = Engine.run(QueueGaugesTest.parking(10_000_000), config, List.of());

        assertNotNull(result.stopReason());
        assertTrue(result.stopReason().startsWith("fell too far behind"), result.stopReason());
        assertTrue(System.nanoTime() - start < 12_000_000_000L, "stopped well before the schedule's 21 s");
    }
}
