package dev.bench.core.engine;

import dev.bench.core.BenchException;
import dev.bench.core.RunConfig;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class PacerTest {

    /** 200 waits of 0.2-0.8 ms: none returns before its deadline; {@code after} checks the pacer after each. */
    private static void neverEarly(Pacer pacer, Runnable after) {
        for (int i = 0; i < 200; i++) {
            long deadline = System.nanoTime() + 200_000 + (i % 7) * 100_000;
            assertTrue(pacer.awaitUntil(deadline, () -> false));
            assertTrue(System.nanoTime() - deadline >= 0, "returned early");
            after.run();
        }
    }

    @Test
    void parkingOnlyNeverReturnsBeforeTheDeadlineAndNeverSpins() {
        Pacer pacer = new Pacer(0);
        neverEarly(pacer, () -> assertEquals(0, pacer.spinNanos()));
    }

    @Test
    void withASpinItNeverReturnsBeforeTheDeadlineAndKeepsItsMarginInBounds() {
        Pacer pacer = new Pacer(3);
        neverEarly(pacer, () -> assertTrue(pacer.spinNanos() >= Pacer.MIN_SPIN_NANOS && pacer.spinNanos() <= Pacer.MAX_SPIN_NANOS,
                "spin margin " + pacer.spinNanos()));
    }

    @Test
    void theSpinIsARunSettingThatRefusesANegativeFactorInOneLine() {
        assertEquals(0, RunConfig.builder().build().pacingSpin(), "parking only unless asked");
        assertEquals(3, RunConfig.builder().pacingSpin(3).build().pacingSpin());
        BenchException e = assertThrows(BenchException.class, () -> RunConfig.builder().pacingSpin(-1).build());
        assertEquals("-Dbench.pacing-spin must be 0..100, got -1.0", e.getMessage());
    }

    @Test
    void aStopRequestEndsTheWait() {
        long start = System.nanoTime();
        assertFalse(new Pacer(0).awaitUntil(start + 60_000_000_000L, () -> System.nanoTime() - start > 50_000_000));
        assertTrue(System.nanoTime() - start < 5_000_000_000L, "stopped well before the deadline");
    }
}
