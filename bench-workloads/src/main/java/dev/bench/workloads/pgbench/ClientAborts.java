package dev.bench.workloads.pgbench;

/** What {@code bench pgbench} asks the run after its report: pgbench exits 2 when a client aborted. */
public interface ClientAborts {

    /** True once any client aborted (its error is on stderr already). */
    boolean anyClientAborted();
}
