package dev.bench.core.results;

/**
 * One row of intervals.csv: one op kind over one report interval. Times in seconds from the start of
 * the measured window (negative during warmup), latencies in µs.
 *
 * @param sojournUs p50, p90, p99, p99.9, max of completion − intended start
 * @param serviceUs p50, p90, p99, p99.9, max of completion − send
 * @param scheduledOpsPerS what the schedule offered over the interval, all kinds together; NaN in closed loop
 *                         (and in files from before the column)
 */
public record IntervalRow(double startS, double endS, boolean warmup, String kind, long completed, double opsPerS,
                          long rejected, long failed, long retries, long reconnects,
                          double[] sojournUs, double[] serviceUs, double lagMs, double scheduledOpsPerS) {

    /** The columns of {@link #sojournUs} and {@link #serviceUs}, in order. */
    public static final String[] PERCENTILE_COLUMNS = {"p50", "p90", "p99", "p999", "max"};

    public static final int P50 = 0;
    public static final int P90 = 1;
    public static final int P99 = 2;
    public static final int P999 = 3;
    public static final int MAX = 4;

    /** Failed ops, retries and reconnects: what a timeline marks. Expected rejections are not trouble. */
    public long trouble() {
        return failed + retries + reconnects;
    }
}
