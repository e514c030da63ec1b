package dev.bench.core.engine;

import dev.bench.core.Arrivals;
import dev.bench.core.Batch;
import dev.bench.core.OpKind;
import dev.bench.core.Schedule;

import java.util.List;

/**
 * Hands due ops to workers. One instance per phase, shared by all its workers.
 *
 * <p>Threading: {@link #claim} is called concurrently by workers; {@link #stop} and {@link #lagNanos} by the
 * reporting thread at any time; {@link #generatedInWindow} only after
 * every worker has returned from its last claim.
 */
public interface Dispatcher {

    /**
     * An open-loop dispatcher from now on, without end: the engine's own, as a seam for benchmarks of
     * its hot path (bench-jmh's OpenLoopClaim). Runs use {@link Engine#run}.
     */
    static Dispatcher openLoop(List<OpKind> kinds, Schedule schedule, Arrivals arrivals, long seed) {
        long now = System.nanoTime();
        return new OpenLoopDispatcher(kinds, schedule, arrivals, seed, now, now, Long.MAX_VALUE, 0);
    }

    /**
     * Blocks until at least one op is due, then fills {@code batch} with due ops of one kind.
     *
     * @return false when the phase has no more ops to hand out (schedule exhausted or stopped)
     */
    boolean claim(Batch batch);

    /** Makes every current and future {@link #claim} return false promptly. */
    void stop();

    /** How late the oldest op that is due but not yet claimed is at {@code nowNanos}; 0 when none waits. */
    long lagNanos(long nowNanos);

    /**
     * How many ops are due at {@code nowNanos} but not yet claimed (the queue's length). Called by the
     * reporting thread once per interval; costs nothing when none waits, and O(kinds) when some do,
     * however many: the report comes on time at any rate.
     */
    long waitingOps(long nowNanos);

    /** Intended start of the last op handed out inside the measured window; 0 when none was. */
    long lastIntendedInWindowNanos();

    /**
     * Ops per kind whose intended start fell inside the measured window and before {@code untilNanos}
     * (the window's end, or the stop), claimed or not; O(kinds), whatever the rate and the run's length.
     */
    long[] generatedInWindow(long untilNanos);
}
