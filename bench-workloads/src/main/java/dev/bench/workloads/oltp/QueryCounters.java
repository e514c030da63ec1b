package dev.bench.workloads.oltp;

import java.util.concurrent.atomic.LongAdder;

/**
 * Statement counts shared by every session. Sessions add an attempt's counts when it ends, so a
 * snapshot never shows half a transaction's statements for long.
 *
 * <p>Threading: {@link #add} from any worker, {@link #snapshot} from any thread (the reporter).
 */
public final class QueryCounters {

    private final LongAdder read = new LongAdder();
    private final LongAdder write = new LongAdder();
    private final LongAdder other = new LongAdder();
    private final LongAdder ignored = new LongAdder();

    void add(long reads, long writes, long others, long ignoredErrors) {
        read.add(reads);
        write.add(writes);
        other.add(others);
        if (ignoredErrors > 0) {
            ignored.add(ignoredErrors);
        }
    }

    public QueryCounts snapshot() {
        return new QueryCounts(read.sum(), write.sum(), other.sum(), ignored.sum());
    }
}
