package dev.bench.core.metrics;

/**
 * One stretch of time in which writes were not acknowledged (a failover, a restart): from the first
 * lost connection or stalled write to the first write acknowledged that was sent after it
 * began ({@code OutageTracker} has the rule).
 * Times are nanoseconds from the measured window's start (negative: in warmup).
 *
 * @param startNanos   when the first call that lost its connection failed, or when the first stalled write was sent
 * @param endNanos     when the first write sent after the start was acknowledged; -1 when none was
 *                     before the run ended (still unavailable at its end)
 * @param failedOps    write ops given up as failed (retries exhausted, or the error not retryable) inside it
 * @param inDoubtOps   write ops whose call lost its connection inside it: their commit may or may not
 *                     have happened (the workload's check says which it allows); a retried one counts
 *                     once per lost call
 */
public record Outage(long startNanos, long endNanos, long failedOps, long inDoubtOps) {

    public boolean ended() {
        return endNanos >= 0;
    }

    /** Its length, or until {@code runEndNanos} when it had not ended. */
    public long lengthNanos(long runEndNanos) {
        return (ended() ? endNanos : Math.max(runEndNanos, startNanos)) - startNanos;
    }
}
