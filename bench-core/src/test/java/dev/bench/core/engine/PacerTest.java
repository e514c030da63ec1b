package dev.bench.core.engine;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class PacerTest {

    @Test
    void neverReturnsBeforeTheDeadlineAndKeepsItsMarginInBounds() {
        Pacer pacer = new Pacer();
        for (int i = 0; i < 200; i++) {
            long deadline = System.nanoTime() + 500_000 + (i % 7) * 100_000;
            assertTrue(pacer.awaitUntil(deadline, () -> false));
            assertTrue(System.nanoTime() - deadline >= 0, "returned early");
            assertTrue(pacer.spinNanos() >= Pacer.MIN_SPIN_NANOS && pacer.spinNanos() <= Pacer.MAX_SPIN_NANOS,
                    "spin margin " + pacer.spinNanos());
        }
    }

    @Test
    void aStopRequestEndsTheWait() {
        long start = System.nanoTime();
        assertFalse(new Pacer().awaitUntil(start + 60_000_000_000L, () -> System.nanoTime() - start > 50_000_000));
        assertTrue(System.nanoTime() - start < 5_000_000_000L, "stopped well before the deadline");
    }
}
