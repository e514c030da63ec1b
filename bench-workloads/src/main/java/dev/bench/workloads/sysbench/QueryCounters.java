package dev.bench.workloads.sysbench;

import java.util.concurrent.atomic.LongAdder;

/**
 * sysbench's statement counts, which the engine does not keep, shared by every session of a run.
 * The warmup rule ({@code --warmup-time}): sessions add only the statements of measured ops
 * ({@code batch.isMeasured}), so the counts leave out the warmup exactly as the engine's figures do.
 * Statements of attempts that were re-run count, as sysbench's do.
 *
 * <p>Threading: {@link #add} from any worker, {@link #snapshot} from any thread (the reporter).
 */
public final class QueryCounters {

    private final LongAdder read = new LongAdder();
    private final LongAdder write = new LongAdder();
    private final LongAdder other = new LongAdder();

    public void add(long reads, long writes, long others) {
        if (reads > 0) {
            read.add(reads);
        }
        if (writes > 0) {
            write.add(writes);
        }
        if (others > 0) {
            other.add(others);
        }
    }

    public QueryCounts snapshot() {
        return new QueryCounts(read.sum(), write.sum(), other.sum());
    }
}
