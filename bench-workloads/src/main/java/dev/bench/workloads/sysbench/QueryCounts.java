package dev.bench.workloads.sysbench;

/**
 * sysbench's statement counters at one moment: read (returned a result set), write (changed rows),
 * other (BEGIN, COMMIT, ROLLBACK, and changes that hit no row), and ignored errors.
 */
public record QueryCounts(long read, long write, long other, long ignoredErrors) {

    public static final QueryCounts ZERO = new QueryCounts(0, 0, 0, 0);

    public long total() {
        return read + write + other;
    }

    public QueryCounts minus(QueryCounts earlier) {
        return new QueryCounts(read - earlier.read, write - earlier.write, other - earlier.other,
                ignoredErrors - earlier.ignoredErrors);
    }

    /** These counts with {@code errors} more ignored errors (the engine's retries, which it counts itself). */
    public QueryCounts plusIgnored(long errors) {
        return new QueryCounts(read, write, other, ignoredErrors + errors);
    }
}
