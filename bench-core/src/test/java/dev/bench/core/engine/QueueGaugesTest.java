package dev.bench.core.engine;

import dev.bench.core.Arrivals;
import dev.bench.core.OpKind;
import dev.bench.core.RunConfig;
import dev.bench.core.Session;
import dev.bench.core.Workload;
import dev.bench.core.metrics.IntervalListener;
import dev.bench.core.metrics.IntervalSnapshot;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.locks.LockSupport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The queue gauges sysbench's rate mode prints ("queue length", "concurrency"), against a backend whose
 * capacity is known: every op parks for a fixed time, so W workers serve at most W / time ops/s.
 */
class QueueGaugesTest {

    /** What a report saw: the gauges, and how many ops had completed by then. */
    record Seen(long endNanos, long waiting, int busy, long completedSoFar) {
    }

    static final class Recorder implements IntervalListener {
        final List<Seen> seen = new ArrayList<>();
        long completed;

        @Override
        public void onInterval(IntervalSnapshot s) {
            completed += s.completed();
            seen.add(new Seen(s.endNanos(), s.waitingOps(), s.busyWorkers(), completed));
        }
    }

    static Workload parking(long serviceNanos) {
        return new Workload() {
            @Override
            public List<OpKind> kinds() {
                return List.of(new OpKind("op", 1, 1));
            }

            @Override
            public Session openSession(int workerIndex) {
                return batch -> LockSupport.parkNanos(serviceNanos);
            }
        };
    }

    @Test
    void anOverloadedOpenLoopReportsEveryWaitingOpAndEveryBusyWorker() {
        // 100 ops/s offered, evenly spaced from the start; 2 workers of 50 ms serve 40/s at most
        RunConfig config = RunConfig.builder().threads(2).targetOpsPerSec(100).arrivals(Arrivals.UNIFORM)
                .duration(Duration.ofMillis(2000)).reportInterval(Duration.ofMillis(250))
                .maxLag(Duration.ofSeconds(30)).build();
        Recorder r = new Recorder();
        Engine.run(parking(50_000_000), config, List.of(r));

        List<Seen> reports = r.seen.subList(0, 8); // the eight full intervals; the drain follows
        for (Seen s : reports) {
            long due = s.endNanos() / 10_000_000 + 1; // arrivals at 0, 10, 20 ... ms up to the report
            assertEquals(2, s.busy(), "both workers busy at " + s);
            // every op due is waiting, being served, or done (±2: a report is not an atomic snapshot)
            assertEquals(due, s.waiting() + s.busy() + s.completedSoFar(), 2.0, "at " + s);
        }
        Seen last = reports.get(7);
        // at most 40/s served for 2 s: at least 200 - 80 - 2 still wait
        assertTrue(last.waiting() >= 115, "queue after 2 s: " + last);
    }

    @Test
    void anOpenLoopThatKeepsUpHasNoQueue() {
        RunConfig config = RunConfig.builder().threads(2).targetOpsPerSec(20).arrivals(Arrivals.UNIFORM)
                .duration(Duration.ofMillis(1000)).reportInterval(Duration.ofMillis(100)).build();
        Recorder r = new Recorder();
        Engine.run(parking(1_000_000), config, List.of(r));

        assertTrue(r.seen.size() >= 9, "reports " + r.seen.size());
        // one op every 50 ms taking 1 ms: none waits for a worker, and at most one worker is busy
        assertTrue(r.seen.stream().allMatch(s -> s.waiting() <= 1 && s.busy() <= 1), r.seen.toString());
        assertTrue(r.seen.stream().filter(s -> s.waiting() == 0).count() >= r.seen.size() - 1, r.seen.toString());
    }

    @Test
    void aClosedLoopKeepsEveryWorkerBusyAndNothingWaits() {
        RunConfig config = RunConfig.builder().threads(3).duration(Duration.ofMillis(800))
                .reportInterval(Duration.ofMillis(200)).build();
        Recorder r = new Recorder();
        Engine.run(parking(20_000_000), config, List.of(r));

        List<Seen> full = r.seen.subList(0, 3);
        assertTrue(full.stream().allMatch(s -> s.busy() == 3 && s.waiting() == 0), r.seen.toString());
        Seen end = r.seen.get(r.seen.size() - 1);
        assertEquals(0, end.busy(), "after the drain no worker is busy: " + end);
    }
}
