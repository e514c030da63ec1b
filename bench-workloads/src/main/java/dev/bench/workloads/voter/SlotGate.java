package dev.bench.workloads.voter;

import java.time.Duration;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A managed client's admission control (erlvolt's "managed" mode): at most {@code slots} calls in
 * flight, at most {@code queueSize} more waiting for a slot, each for at most {@code queueTimeout}.
 * A call that finds the queue full, or waits out the timeout, is refused with {@link Refused}: a
 * workload classifies that as {@code ErrorKind.FAILED}, so the engine counts it as a failed op and
 * the run goes on. Waiting callers get slots in arrival order.
 *
 * <pre>{@code
 * gate.acquire();          // throws Refused
 * try { call(); } finally { gate.release(); }
 * }</pre>
 *
 * <p>Threading: {@link #acquire} and {@link #release} from any number of threads; the counts are
 * readings for reports.
 */
public final class SlotGate {

    private final int slots;
    private final int queueSize;
    private final long queueTimeoutNanos;
    private final Semaphore free;
    private final AtomicInteger waiting = new AtomicInteger();

    public SlotGate(int slots, int queueSize, Duration queueTimeout) {
        if (slots < 1) {
            throw new IllegalArgumentException("slots must be >= 1, got " + slots);
        }
        if (queueSize < 0) {
            throw new IllegalArgumentException("queue size must be >= 0, got " + queueSize);
        }
        this.slots = slots;
        this.queueSize = queueSize;
        this.queueTimeoutNanos = queueTimeout.toNanos();
        this.free = new Semaphore(slots, true);
    }

    /** Takes a slot, waiting in the queue if there is room in it. Pair every success with {@link #release}. */
    public void acquire() throws Refused, InterruptedException {
        if (free.tryAcquire(0, TimeUnit.NANOSECONDS)) { // the timed form honours fairness: no barging past waiters
            return;
        }
        if (waiting.incrementAndGet() > queueSize) {
            waiting.decrementAndGet();
            throw new Refused(Refused.Reason.QUEUE_FULL, "queue full (" + queueSize + " waiting, " + slots + " slots)");
        }
        try {
            if (!free.tryAcquire(queueTimeoutNanos, TimeUnit.NANOSECONDS)) {
                throw new Refused(Refused.Reason.QUEUE_TIMEOUT, "queue timeout (" + queueTimeoutNanos / 1_000_000 + " ms)");
            }
        } finally {
            waiting.decrementAndGet();
        }
    }

    public void release() {
        free.release();
    }

    public int inFlight() {
        return slots - free.availablePermits();
    }

    public int waiting() {
        return waiting.get();
    }

    /** A call the gate turned away: counted as a failed op, not an error of the run. */
    public static final class Refused extends Exception {

        public enum Reason { QUEUE_FULL, QUEUE_TIMEOUT }

        private final Reason reason;

        public Refused(Reason reason, String message) {
            super(message, null, false, false); // refusals can be frequent: no stack trace
            this.reason = reason;
        }

        public Reason reason() {
            return reason;
        }
    }
}
