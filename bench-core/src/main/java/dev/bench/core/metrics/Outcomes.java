package dev.bench.core.metrics;

/**
 * Non-success outcome counts of one op kind.
 *
 * @param rejected   ops that completed with an expected refusal (voter's over-limit vote)
 * @param failed     ops that failed for good after retries, or with a non-retryable error
 * @param retries    re-runs after contention errors (deadlock, serialization failure)
 * @param reconnects sessions re-opened after a lost connection
 */
public record Outcomes(long rejected, long failed, long retries, long reconnects) {

    public static final Outcomes NONE = new Outcomes(0, 0, 0, 0);

    public Outcomes minus(Outcomes earlier) {
        return new Outcomes(rejected - earlier.rejected, failed - earlier.failed,
                retries - earlier.retries, reconnects - earlier.reconnects);
    }
}
