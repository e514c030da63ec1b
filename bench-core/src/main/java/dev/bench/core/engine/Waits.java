package dev.bench.core.engine;

import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;

/**
 * Waiting until a deadline with microsecond accuracy: park while far away, spin for the last stretch.
 * Sleep-only pacing is late by the OS timer slack (tens of µs to ms), which would show up as latency
 * that the system under test never caused.
 */
final class Waits {

    /** Below this the OS can't wake us on time; spin instead. */
    static final long SPIN_NANOS = 100_000;
    /** Park in slices so a stop request is noticed promptly. */
    private static final long MAX_PARK_NANOS = 10_000_000;

    private Waits() {
    }

    /** @return false if {@code stop} became true before the deadline */
    static boolean until(long deadlineNanos, BooleanSupplier stop) {
        while (true) {
            long remaining = deadlineNanos - System.nanoTime();
            if (remaining <= 0) {
                return true;
            }
            if (stop.getAsBoolean()) {
                return false;
            }
            if (remaining > SPIN_NANOS) {
                LockSupport.parkNanos(Math.min(remaining - SPIN_NANOS, MAX_PARK_NANOS));
            } else {
                Thread.onSpinWait();
            }
        }
    }
}
