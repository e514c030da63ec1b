package dev.bench.core.metrics;

import org.HdrHistogram.Histogram;

/**
 * Latency and outcomes of one op kind over some span (an interval, or the whole measured window).
 * Completed ops = {@code sojourn.getTotalCount()}.
 *
 * @param sojourn  completion − intended start, ns
 * @param service  completion − send, ns
 */
public record KindStats(String name, Histogram sojourn, Histogram service, Outcomes outcomes) {

    public long completed() {
        return sojourn.getTotalCount();
    }

    /** Ops that completed with success (completed minus expected rejections). */
    public long accepted() {
        return completed() - outcomes.rejected();
    }
}
