package dev.bench.core.engine;

/**
 * The shared fate of one phase: running, stopped early with a reason, or failed with a cause.
 * The first stop or failure wins, and its time ends the measured window ({@link #stoppedAtNanos}).
 *
 * <p>Threading: any thread may stop or fail it; all reads are of volatile state.
 */
final class Phase {

    /** {@link #stoppedAtNanos} of a phase that was never stopped. */
    static final long NOT_STOPPED = Long.MAX_VALUE;

    private final Dispatcher dispatcher;
    private volatile String stopReason;
    private volatile Throwable failure;
    private volatile boolean interrupted;
    /** No op may start any more (the run's end plus its max lag has passed), whatever the reason. */
    private volatile boolean halted;
    private volatile long stoppedAtNanos = NOT_STOPPED;
    private volatile String abandoned;

    Phase(Dispatcher dispatcher) {
        this.dispatcher = dispatcher;
    }

    synchronized void stop(String reason) {
        if (stopReason == null && failure == null) {
            stopReason = reason;
            stoppedAtNanos = System.nanoTime();
        }
        dispatcher.stop();
    }

    synchronized void fail(Throwable cause) {
        if (failure == null && stopReason == null) {
            failure = cause;
            stoppedAtNanos = System.nanoTime();
        }
        dispatcher.stop();
    }

    /** Ctrl-C: stops the phase, and tells the caller not to start another. */
    void interrupt() {
        interrupted = true;
        stop("interrupted: stopped before the end of the run");
    }

    /**
     * No more claims, retries or reconnects, without a reason yet: the run's time is up and the workers
     * still out are about to be aborted. Whether that ends the phase early is known only after
     * ({@link #noteAbandoned}).
     */
    void halt() {
        halted = true;
        dispatcher.stop();
    }

    boolean interrupted() {
        return interrupted;
    }

    /** Stopped or failed (a reason is known), or halted: a worker that fails now gives up at once. */
    boolean isOver() {
        return halted || hasEnded();
    }

    /** Stopped with a reason or failed. */
    boolean hasEnded() {
        return stopReason != null || failure != null;
    }

    /** When the first stop or failure came; {@link #NOT_STOPPED} when none did. */
    long stoppedAtNanos() {
        return stoppedAtNanos;
    }

    /** What aborting the blocked workers did, in the counts' own terms; it joins (or is) the stop reason. */
    void noteAbandoned(String what) {
        abandoned = what;
    }

    String stopReason() {
        if (abandoned == null) {
            return stopReason;
        }
        return stopReason == null ? abandoned : stopReason + "; " + abandoned;
    }

    Throwable failure() {
        return failure;
    }
}
