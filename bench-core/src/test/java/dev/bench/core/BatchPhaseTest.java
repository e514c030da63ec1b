package dev.bench.core;

import org.junit.jupiter.api.Test;

import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** An op's phase, computed without a branch, is the comparison it stands for, overflow included. */
class BatchPhaseTest {

    private static final long[] EDGES = {Long.MIN_VALUE, Long.MIN_VALUE + 1, -1_000_000_007L, -1, 0, 1,
            1_000_000_007L, Long.MAX_VALUE / 4, Long.MAX_VALUE - 1, Long.MAX_VALUE};

    @Test
    void thePhaseIsMeasuredExactlyWhenIntendedAtOrAfterTheWindowsStart() {
        for (long intended : EDGES) {
            for (long window : EDGES) {
                assertEquals(intended >= window ? Batch.MEASURED : Batch.WARMUP, Batch.phaseOf(intended, window),
                        intended + " against a window from " + window);
            }
        }
        SplittableRandom random = new SplittableRandom(42);
        for (int i = 0; i < 100_000; i++) {
            long intended = random.nextLong();
            long window = i % 2 == 0 ? random.nextLong() : intended + random.nextInt(-3, 4);
            assertEquals(intended >= window ? Batch.MEASURED : Batch.WARMUP, Batch.phaseOf(intended, window),
                    intended + " against a window from " + window);
        }
    }

    @Test
    void aBatchsOpsTakeTheirPhaseFromTheWindowItWasGiven() {
        Batch batch = new Batch(7, 3, 1_000);
        batch.clear(0);
        batch.add(0, 999);
        batch.add(1, 1_000);
        batch.add(2, 1_001);
        assertEquals(Batch.WARMUP, batch.phase(0));
        assertEquals(Batch.MEASURED, batch.phase(1));
        assertEquals(Batch.MEASURED, batch.phase(2));
        assertEquals(false, batch.isMeasured(0));
        assertEquals(true, batch.isMeasured(1));
        Batch unwindowed = new Batch(7, 1);
        unwindowed.clear(0);
        unwindowed.add(0, Long.MIN_VALUE);
        assertEquals(true, unwindowed.isMeasured(0), "without a window, every op is measured");
    }
}
