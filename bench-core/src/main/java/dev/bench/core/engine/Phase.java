package dev.bench.core.engine;

/**
 * The shared fate of one phase: running, stopped early with a reason, or failed with a cause.
 * The first stop or failure wins.
 *
 * <p>Threading: any thread may stop or fail it; all reads are of volatile state.
 */
final class Phase {

    private final Dispatcher dispatcher;
    private volatile String stopReason;
    private volatile Throwable failure;
    private volatile boolean interrupted;
    private volatile long leftBlocked;

    Phase(Dispatcher dispatcher) {
        this.dispatcher = dispatcher;
    }

    synchronized void stop(String reason) {
        if (stopReason == null && failure == null) {
            stopReason = reason;
        }
        dispatcher.stop();
    }

    synchronized void fail(Throwable cause) {
        if (failure == null && stopReason == null) {
            failure = cause;
        }
        dispatcher.stop();
    }

    /** Ctrl-C: stops the phase, and tells the caller not to start another. */
    void interrupt() {
        interrupted = true;
        stop("interrupted: stopped before the end of the run");
    }

    boolean interrupted() {
        return interrupted;
    }

    boolean isOver() {
        return stopReason != null || failure != null;
    }

    /** Workers that didn't return even after their connections were aborted: left behind, named in the reason. */
    void noteLeftBlocked(long workers) {
        leftBlocked = workers;
    }

    String stopReason() {
        return stopReason == null || leftBlocked == 0 ? stopReason
                : stopReason + "; " + leftBlocked + " of them never returned and were left behind";
    }

    Throwable failure() {
        return failure;
    }
}
