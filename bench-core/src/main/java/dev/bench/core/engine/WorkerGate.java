package dev.bench.core.engine;

import dev.bench.core.WorkerSchedule;

import java.util.concurrent.locks.LockSupport;

/**
 * Keeps a closed loop's workers to its {@link WorkerSchedule}: worker {@code i} takes ops only while
 * {@code i < active(t)}, and parks until its turn comes (or the phase ends) otherwise. A worker that
 * falls out of the schedule finishes the op it serves first, as a thread pool that shrinks would.
 *
 * <p>Threading: {@link #awaitTurn} from each worker's own thread; the state read is immutable or volatile.
 */
final class WorkerGate {

    /** How often a parked worker looks whether the phase was stopped (max lag, Ctrl-C, a failure). */
    private static final long STOP_CHECK_NANOS = 50_000_000;

    private final WorkerSchedule schedule;
    private final long windowStartNanos;
    private final Phase phase;

    WorkerGate(WorkerSchedule schedule, long windowStartNanos, Phase phase) {
        this.schedule = schedule;
        this.windowStartNanos = windowStartNanos;
        this.phase = phase;
    }

    /** @return true when {@code worker} may take its next op now; false when the phase ends before its turn */
    boolean awaitTurn(int worker) {
        while (!phase.isOver()) {
            double now = (System.nanoTime() - windowStartNanos) / 1e9;
            double turn = schedule.nextActive(worker, now);
            if (turn <= now) {
                return true;
            }
            if (Double.isInfinite(turn)) {
                return false;
            }
            LockSupport.parkNanos(Math.min(STOP_CHECK_NANOS, (long) Math.ceil((turn - now) * 1e9)));
        }
        return false;
    }
}
