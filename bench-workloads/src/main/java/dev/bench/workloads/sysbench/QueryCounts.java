package dev.bench.workloads.sysbench;

/**
 * sysbench's statement counters at one moment: read (returned a result set), write (changed rows),
 * other (BEGIN, COMMIT, ROLLBACK, and changes that hit no row). Its ignored errors are the engine's
 * retries ({@link SysbenchReport#ignoredErrors}), not counted here.
 */
public record QueryCounts(long read, long write, long other) {

    public static final QueryCounts ZERO = new QueryCounts(0, 0, 0);

    public long total() {
        return read + write + other;
    }

    public QueryCounts minus(QueryCounts earlier) {
        return new QueryCounts(read - earlier.read, write - earlier.write, other - earlier.other);
    }
}
