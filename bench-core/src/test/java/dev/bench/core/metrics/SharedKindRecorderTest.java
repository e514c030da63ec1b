package dev.bench.core.metrics;

import dev.bench.core.Batch;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** Recorder sets shared by many workers keep every value, and their number stays bounded. */
class SharedKindRecorderTest {

    @Test
    void upToMaxSetsEveryWorkerHasItsOwnThenTheyShare() {
        assertEquals(3, KindRecorder.setsFor(3, 13).length);
        assertEquals(KindRecorder.MAX_SETS, KindRecorder.setsFor(KindRecorder.MAX_SETS, 13).length);
        KindRecorder[][] many = KindRecorder.setsFor(1024, 13);
        assertEquals(KindRecorder.MAX_SETS, many.length);
        assertEquals(13, many[0].length);
    }

    @Test
    void concurrentWritersToASharedRecorderLoseNothing() throws InterruptedException {
        KindRecorder shared = new KindRecorder(true);
        int writers = 8;
        int perWriter = 200_000;
        Tally measured = new Tally();
        Tally warm = new Tally();
        Histogram sojourn = measured.sojourn;
        Histogram service = measured.service;
        Histogram warmSojourn = warm.sojourn;
        List<Thread> threads = new ArrayList<>();
        for (int w = 0; w < writers; w++) {
            long value = 1_000L * (w + 1);
            threads.add(new Thread(() -> {
                for (int i = 0; i < perWriter; i++) {
                    shared.record(value, value / 2, i % 4 != 0 ? Batch.MEASURED : Batch.WARMUP, false);
                }
            }));
        }
        threads.forEach(Thread::start);
        // drain while they write: the phaser must hand over values without losing any
        for (int i = 0; i < 20; i++) {
            shared.drainInto(measured, warm);
            Thread.sleep(2);
        }
        for (Thread t : threads) {
            t.join();
        }
        shared.drainInto(measured, warm);

        assertEquals(writers * perWriter * 3L / 4, sojourn.getTotalCount());
        assertEquals(writers * perWriter * 3L / 4, service.getTotalCount());
        assertEquals(writers * perWriter / 4L, warmSojourn.getTotalCount());
        assertEquals(perWriter * 3L / 4, sojourn.getCountAtValue(1_000L));
        assertEquals(8_000L, sojourn.getMaxValue(), 8);
    }
}
