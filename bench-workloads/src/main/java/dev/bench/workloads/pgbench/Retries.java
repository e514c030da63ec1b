package dev.bench.workloads.pgbench;

import java.util.Locale;

/**
 * Whether a transaction that hit a serialization or deadlock failure is tried again, as pgbench 15's
 * doRetry decides: fewer tries so far than --max-tries (0: no limit), no more than -L since the
 * transaction's scheduled start, and the run not over.
 *
 * @param maxTries          --max-tries; 0: no limit (allowed only with -L or -T)
 * @param latencyLimitNanos -L; 0: none
 * @param durationNanos     -T's length from the start of the measured window; 0: no end known
 */
record Retries(int maxTries, long latencyLimitNanos, long durationNanos) {

    /**
     * @param tries            the tries made so far (1 after the first)
     * @param windowStartNanos where the measured window began; {@code Long.MIN_VALUE}: unknown
     */
    boolean another(int tries, long scheduledNanos, long windowStartNanos, long nowNanos) {
        if (maxTries > 0 && tries >= maxTries) {
            return false;
        }
        if (latencyLimitNanos > 0 && nowNanos - scheduledNanos > latencyLimitNanos) {
            return false;
        }
        return durationNanos == 0 || windowStartNanos == Long.MIN_VALUE || nowNanos - windowStartNanos < durationNanos;
    }

    /** pgbench's "(try 2/3, 41.250% of the maximum time of tries was used)" for --verbose-errors. */
    String describe(int tries, long scheduledNanos, long nowNanos) {
        StringBuilder b = new StringBuilder("(try ").append(tries);
        if (maxTries > 0) {
            b.append('/').append(maxTries);
        }
        if (latencyLimitNanos > 0) {
            b.append(String.format(Locale.ROOT, ", %.3f%% of the maximum time of tries was used",
                    100.0 * (nowNanos - scheduledNanos) / latencyLimitNanos));
        }
        return b.append(')').toString();
    }
}
