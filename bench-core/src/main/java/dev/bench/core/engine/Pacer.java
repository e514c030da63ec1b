package dev.bench.core.engine;

import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;

/**
 * Waits until an op's intended start. By default it parks until the deadline and nothing else: the
 * thread wakes late by the OS timer slack (~50 µs on bare metal, ~100 µs with a tail into milliseconds on
 * the 2-core VMs this was built on), and that lateness is the op's schedule lag, counted in its sojourn
 * as any other (the schedule and the latency don't change, only how early the op may start).
 *
 * <p>With a spin factor f > 0 ({@link dev.bench.core.RunConfig#pacingSpin}) it parks until f times the
 * running mean of how late parks have woken before the deadline, within [{@value #MIN_SPIN_NANOS},
 * {@value #MAX_SPIN_NANOS}] ns, and spins the rest: ops start within microseconds of their intended
 * start, for the price of a core spinning that margin before each arrival. At 8000 ops/s (a gap of 125 µs
 * against a margin of ~300 µs at f = 3) that is a core spinning all the time: on a machine the client shares
 * with the server or other processes it cost 2-3x the CPU per op and, when the claimer spun under the
 * dispatcher's lock (as it did then), made the lag worse, not better (docs/measuring.md).
 *
 * <p>Threading: shared by the claimers, each waiting for its own op; the running mean is updated
 * without a lock (a lost update only slows its learning).
 */
final class Pacer {

    static final long MIN_SPIN_NANOS = 20_000;
    static final long MAX_SPIN_NANOS = 1_000_000;
    /** Park in slices so a stop request is noticed promptly. */
    private static final long MAX_PARK_NANOS = 10_000_000;
    private static final double LEARNING_RATE = 0.05;

    private final double spinFactor;
    private volatile double meanOvershootNanos = 50_000;
    private volatile long spinNanos;

    /** @param spinFactor the spin margin as a multiple of the mean wake-up delay; 0: park only */
    Pacer(double spinFactor) {
        this.spinFactor = spinFactor;
        this.spinNanos = spinFactor == 0 ? 0 : margin();
    }

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
                if (spinFactor > 0) {
                    learn(System.nanoTime() - now - request);
                }
            } else {
                Thread.onSpinWait();
            }
        }
    }

    private void learn(long overshootNanos) {
        meanOvershootNanos += LEARNING_RATE * (Math.max(0, overshootNanos) - meanOvershootNanos);
        spinNanos = margin();
    }

    private long margin() {
        return Math.max(MIN_SPIN_NANOS, Math.min(MAX_SPIN_NANOS, (long) (spinFactor * meanOvershootNanos)));
    }

    long spinNanos() {
        return spinNanos;
    }
}
