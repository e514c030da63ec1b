package dev.bench.core.engine;

import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;

/**
 * Waits until an op's intended start with microsecond accuracy: park while the deadline is far, spin
 * for the last stretch. How long "the last stretch" must be depends on the machine: a parked thread
 * wakes late by the OS timer slack, ~50 µs on bare metal and ~100 µs with a tail into milliseconds on
 * the 2-core VMs this was built on. So the spin margin learns it: three times the running mean of how
 * late parks have woken, within [{@value #MIN_SPIN_NANOS}, {@value #MAX_SPIN_NANOS}] ns. Sleep-only
 * pacing would start ops late and report that lateness as the server's latency.
 *
 * <p>The price is CPU: one thread spins for the margin before each arrival (only the claimer at the
 * head of the queue waits here; the others park on the dispatcher's lock).
 *
 * <p>Not thread-safe: used under the dispatcher's lock.
 */
final class Pacer {

    static final long MIN_SPIN_NANOS = 20_000;
    static final long MAX_SPIN_NANOS = 1_000_000;
    /** Park in slices so a stop request is noticed promptly. */
    private static final long MAX_PARK_NANOS = 10_000_000;
    private static final double LEARNING_RATE = 0.05;

    private double meanOvershootNanos = 50_000;
    private long spinNanos = 150_000;

    /** @return false if {@code stop} became true before the deadline; true once the deadline has passed */
    boolean awaitUntil(long deadlineNanos, BooleanSupplier stop) {
        while (true) {
            long now = System.nanoTime();
            long remaining = deadlineNanos - now;
            if (remaining <= 0) {
                return true;
            }
            if (stop.getAsBoolean()) {
                return false;
            }
            if (remaining > spinNanos) {
                long request = Math.min(remaining - spinNanos, MAX_PARK_NANOS);
                LockSupport.parkNanos(request);
                learn(System.nanoTime() - now - request);
            } else {
                Thread.onSpinWait();
            }
        }
    }

    private void learn(long overshootNanos) {
        meanOvershootNanos += LEARNING_RATE * (Math.max(0, overshootNanos) - meanOvershootNanos);
        spinNanos = Math.max(MIN_SPIN_NANOS, Math.min(MAX_SPIN_NANOS, (long) (3 * meanOvershootNanos)));
    }

    long spinNanos() {
        return spinNanos;
    }
}
