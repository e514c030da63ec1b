package dev.bench.core.metrics;

import dev.bench.core.Batch;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * One op's figures land in one interval: its sojourn, its service and its counts are handed over as a
 * unit while workers keep recording, so every interval's completed count equals both histograms' counts.
 * Two recorders swapped one after the other split the ops recorded between the swaps (2402 sojourn
 * against 2408 service values in one interval of examples/vote-ramp.yaml).
 */
@Timeout(30)
class KindRecorderPhaseTest {

    private static final int WRITERS = 3;
    private static final int COLLECTIONS = 300;

    /** Writers record non-stop into {@code sets} while the reporter collects; every interval is checked. */
    private static void everyIntervalHoldsWholeOps(KindRecorder[][] sets, boolean rejectEveryOp) throws InterruptedException {
        LatencyCollector collector = new LatencyCollector(List.of("read"), sets, new KindCounters[] {new KindCounters()});
        AtomicBoolean stop = new AtomicBoolean();
        List<Thread> writers = new ArrayList<>();
        for (int w = 0; w < WRITERS; w++) {
            KindRecorder recorder = sets[w % sets.length][0];
            writers.add(new Thread(() -> {
                for (long i = 0; !stop.get(); i++) {
                    recorder.record(1_000 + i % 5_000, 500, Batch.MEASURED, rejectEveryOp);
                }
            }));
        }
        writers.forEach(Thread::start);
        long recorded = 0;
        int splitIntervals = 0;
        try {
            for (int c = 0; c < COLLECTIONS; c++) {
                KindStats read = collector.collect(c, c + 1, false, 0).kinds().get(0);
                long sojourn = read.sojourn().getTotalCount();
                long service = read.service().getTotalCount();
                long rejected = read.outcomes().rejected();
                if (sojourn != service || rejectEveryOp && rejected != sojourn) {
                    splitIntervals++;
                }
                recorded += sojourn;
                Thread.onSpinWait();
            }
        } finally {
            stop.set(true);
            for (Thread t : writers) {
                t.join();
            }
        }
        assertTrue(recorded > COLLECTIONS, "the writers recorded while the reporter drained: " + recorded);
        assertEquals(0, splitIntervals, "intervals whose completed, sojourn and service counts differ");
    }

    @Test
    void eachWorkersOwnRecorderHandsOverWholeOps() throws InterruptedException {
        everyIntervalHoldsWholeOps(KindRecorder.setsFor(WRITERS, 1), false);
    }

    @Test
    void rejectionsAreCountedInTheIntervalOfTheirOp() throws InterruptedException {
        everyIntervalHoldsWholeOps(KindRecorder.setsFor(WRITERS, 1), true);
    }

    @Test
    void sharedRecordersHandOverWholeOps() throws InterruptedException {
        KindRecorder shared = new KindRecorder(true);
        everyIntervalHoldsWholeOps(new KindRecorder[][] {{shared}}, true);
    }
}
