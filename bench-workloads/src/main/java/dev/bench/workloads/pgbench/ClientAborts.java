package dev.bench.workloads.pgbench;

/**
 * What {@code bench pgbench} asks the run after its report: pgbench exits 2 when a client aborted, and 0
 * for a run that processed no transaction (-R with -L can skip them all), where bench's template exits 1.
 */
public interface ClientAborts {

    /** True once any client aborted (its error is on stderr already). */
    boolean anyClientAborted();

    /** True when the run ended as planned, its check agreeing, having processed no transaction. */
    boolean processedNone();
}
