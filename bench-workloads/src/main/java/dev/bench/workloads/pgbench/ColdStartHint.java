package dev.bench.workloads.pgbench;

import dev.bench.core.metrics.IntervalListener;
import dev.bench.core.metrics.IntervalSnapshot;
import dev.bench.core.metrics.KindStats;
import dev.bench.core.metrics.RunResult;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Without --warmup: one line on stderr when the run's first seconds were far from its second half. With
 * -R, when they fell far behind the schedule and the second half did not: that is the client (a JVM
 * interpreting code it has not compiled yet), not the server. Without -R, when they made far fewer
 * transactions a second: the same JVM, or a server warming its caches. pgbench, a C program, has no cold
 * JIT, so a comparison with it is off by that much; the line says so and how to leave it out.
 */
final class ColdStartHint implements IntervalListener {

    /** The first seconds, where a cold JVM falls behind. */
    static final double EARLY_S = 5;
    /** Behind by less than this at worst is not worth a line. */
    static final double MIN_EARLY_MS = 100;
    /** The early worst latency must be this many times the second half's worst. */
    static final double RATIO = 10;
    /** Closed loop: an early rate below this share of the second half's is worth a line. */
    static final double SLOW_SHARE = 0.85;

    private final PrintWriter err;
    private final boolean openLoop;
    /**
     * Per measured interval: its start and end (s), the worst latency from the intended start of an op it
     * completed (ms), and how many ops it completed.
     */
    private final List<double[]> intervals = new ArrayList<>();

    /** @param openLoop a -R run (latency from the schedule), else a closed loop (rate) */
    ColdStartHint(PrintWriter err, boolean openLoop) {
        this.err = err;
        this.openLoop = openLoop;
    }

    @Override
    public void onInterval(IntervalSnapshot interval) {
        if (interval.warmup()) {
            return;
        }
        long worst = 0;
        for (KindStats k : interval.kinds()) {
            worst = Math.max(worst, k.completed() == 0 ? 0 : k.sojourn().getMaxValue());
        }
        intervals.add(new double[] {interval.startNanos() / 1e9, interval.endNanos() / 1e9, worst / 1e6, interval.completed()});
    }

    @Override
    public void onEnd(RunResult result) {
        String line = openLoop ? hint(intervals) : slowStart(intervals);
        if (line != null) {
            err.println(line);
            err.flush();
        }
    }

    /**
     * The line, or null: when the worst latency of the first {@value #EARLY_S} s is over {@value #MIN_EARLY_MS}
     * ms and over {@value #RATIO} times the worst of the run's second half (which must start after them and
     * complete something).
     *
     * @param intervals per measured interval, in order: its start and end in seconds and its worst latency in ms
     */
    static String hint(List<double[]> intervals) {
        double half = secondHalf(intervals);
        if (Double.isNaN(half)) {
            return null;
        }
        double early = 0;
        double late = 0;
        for (double[] i : intervals) {
            if (i[0] < EARLY_S) {
                early = Math.max(early, i[2]);
            } else if (i[0] >= half) {
                late = Math.max(late, i[2]);
            }
        }
        if (late == 0 || early < MIN_EARLY_MS || early < RATIO * late) {
            return null;
        }
        double behindUntil = 0; // the end of the last interval still far behind
        for (double[] i : intervals) {
            if (i[2] > RATIO * late) {
                behindUntil = i[1];
            }
        }
        return String.format(Locale.ROOT, "bench: the run's first %.0f s fell behind the schedule (latency up to %.0f ms) and its"
                + " second half did not (at most %.1f ms): a cold JVM, not the server; --warmup %.0f leaves that out of the figures",
                Math.ceil(behindUntil), early, late, Math.max(EARLY_S, Math.ceil(behindUntil)));
    }

    /**
     * The closed loop's line, or null: when the first {@value #EARLY_S} s completed ops at under
     * {@value #SLOW_SHARE} of the second half's rate (which must start after them and complete something).
     *
     * @param intervals per measured interval, in order: its start and end in seconds, its worst latency, ops completed
     */
    static String slowStart(List<double[]> intervals) {
        double half = secondHalf(intervals);
        if (Double.isNaN(half)) {
            return null;
        }
        double[] early = new double[2]; // ops, seconds
        double[] late = new double[2];
        for (double[] i : intervals) {
            double[] sum = i[0] < EARLY_S ? early : i[0] >= half ? late : null;
            if (sum != null) {
                sum[0] += i[3];
                sum[1] += i[1] - i[0];
            }
        }
        if (late[0] == 0 || early[1] == 0) {
            return null;
        }
        double earlyRate = early[0] / early[1];
        double lateRate = late[0] / late[1];
        if (earlyRate >= SLOW_SHARE * lateRate) {
            return null;
        }
        return String.format(Locale.ROOT, "bench: the run's first %.0f s made %,.0f transactions a second, %.0f%% of its second"
                + " half's %,.0f: a cold JVM compiling the client's code (or a server warming its caches); --warmup %.0f leaves"
                + " them out of the figures", early[1], earlyRate, 100 * earlyRate / lateRate, lateRate, EARLY_S);
    }

    /** Where the run's second half starts (s), or NaN when it would start within the first {@value #EARLY_S} s. */
    private static double secondHalf(List<double[]> intervals) {
        double half = intervals.isEmpty() ? 0 : intervals.get(intervals.size() - 1)[1] / 2;
        return half < EARLY_S ? Double.NaN : half;
    }
}
