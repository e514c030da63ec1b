package dev.bench.core.metrics;

/**
 * What the client itself cost over a phase's measured window: its process's CPU ({@link ClientCpu}),
 * the JVM's stop-the-world pauses ({@link GcPauses}), and how late each measured op was started against
 * its intended start (the schedule's lag, pgbench's "schedule lag": a worker that took it late, or a
 * pacer that woke late).
 *
 * @param userNanos          process user CPU from the window's start until its last op completed
 * @param systemNanos        process system CPU over the same span
 * @param spanNanos          that span (the window plus the drain)
 * @param cores              the cores the process could run on
 * @param ops                measured ops completed (the CPU per op's denominator)
 * @param gcPauses           stop-the-world collections in the span
 * @param gcTotalMillis      their total (each known to about 1 ms)
 * @param gcMaxMillis        the longest
 * @param lagMeanNanos       mean of (started - intended) over the measured ops started
 * @param lagP99Nanos        its 99th percentile
 * @param lagMaxNanos        its maximum
 * @param workers            the phase's workers
 * @param servingNanos       the time they spent in calls to the backend (retries included), all together
 * @param backlogLagMaxNanos the worst lag of the oldest waiting op seen at any report ({@link RunResult#maxLagNanos})
 * @param lateServingShare   at the reports that found the oldest waiting op {@link #BOUND_BACKLOG_LAG_NANOS} or more
 *                           late, the share of the workers then in a call to the backend; NaN when none did
 */
public record ClientCost(long userNanos, long systemNanos, long spanNanos, int cores, long ops,
                         long gcPauses, long gcTotalMillis, long gcMaxMillis,
                         long lagMeanNanos, long lagP99Nanos, long lagMaxNanos,
                         int workers, long servingNanos, long backlogLagMaxNanos, double lateServingShare) {

    /** The share of its cores at or above which the client, not the server, set the pace. */
    public static final double BOUND_UTILISATION = 0.9;
    /**
     * The shortest span whose utilisation is judged: CPU comes in 10 ms ticks, and a window of a few tenths of
     * a second is mostly the JIT compiling the hot path (pgbench -t 20 on H2 read as 95 % of 2 cores).
     */
    public static final long BOUND_MIN_SPAN_NANOS = 1_000_000_000;
    /** A backlog this late means the schedule was not kept: the lag grew, it did not just spike. */
    public static final long BOUND_BACKLOG_LAG_NANOS = 1_000_000_000;
    /**
     * ...and with fewer than this share of the workers in a call while it was that late, the server was not what
     * held it back. Judged while late, not over the run: a server that stalls for seconds holds every worker in
     * its call, and over a 30 s run they still served a small share of the time (that read as client-bound).
     */
    public static final double BOUND_SERVING_SHARE = 0.5;

    public long cpuNanos() {
        return userNanos + systemNanos;
    }

    /** CPU µs per completed op; NaN without ops. */
    public double cpuMicrosPerOp() {
        return ops == 0 ? Double.NaN : cpuNanos() / 1e3 / ops;
    }

    /** CPU over the span as a share of all its cores: 1 is every core busy all the time. */
    public double utilisation() {
        return spanNanos <= 0 || cores <= 0 ? 0 : (double) cpuNanos() / spanNanos / cores;
    }

    /** The share of the span the workers spent in calls to the backend, rather than in the client (claiming, recording, waiting). */
    public double servingShare() {
        return spanNanos <= 0 || workers <= 0 ? 0 : (double) servingNanos / spanNanos / workers;
    }

    /**
     * Whether the client set the pace, so the run measured the tool, not the server: its CPU was near all
     * its cores, or the schedule fell ever further behind while its workers were mostly free of the server
     * (a client starved of CPU by other processes, which its own CPU figure does not show).
     */
    public boolean clientBound() {
        return spanNanos >= BOUND_MIN_SPAN_NANOS && utilisation() >= BOUND_UTILISATION || lagGrewWithWorkersFree();
    }

    public boolean lagGrewWithWorkersFree() {
        return lateServingShare < BOUND_SERVING_SHARE; // false for NaN: never that late
    }
}
