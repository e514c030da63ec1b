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
 * With -R and no --warmup: one line on stderr when the run's first seconds fell far behind the schedule
 * and its second half did not. That is the client (a JVM interpreting code it has not compiled yet), not
 * the server, and pgbench, a C program, does not have it; the line says so and how to leave it out.
 */
final class ColdStartHint implements IntervalListener {

    /** The first seconds, where a cold JVM falls behind. */
    static final double EARLY_S = 5;
    /** Behind by less than this at worst is not worth a line. */
    static final double MIN_EARLY_MS = 100;
    /** The early worst latency must be this many times the second half's worst. */
    static final double RATIO = 10;

    private final PrintWriter err;
    /** Per measured interval: its start and end (s) and the worst latency from the intended start of an op it completed (ms). */
    private final List<double[]> intervals = new ArrayList<>();

    ColdStartHint(PrintWriter err) {
        this.err = err;
    }

    @Override
    public void onInterval(IntervalSnapshot interval) {
        if (interval.warmup()) {
            return;
        }
        long worst = 0;
        for (KindStats k : interval.kinds()) {
            worst = Math.max(worst, k.sojourn().getTotalCount() == 0 ? 0 : k.sojourn().getMaxValue());
        }
        intervals.add(new double[] {interval.startNanos() / 1e9, interval.endNanos() / 1e9, worst / 1e6});
    }

    @Override
    public void onEnd(RunResult result) {
        String line = hint(intervals);
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
        if (intervals.isEmpty()) {
            return null;
        }
        double end = intervals.get(intervals.size() - 1)[0];
        double half = end / 2;
        if (half < EARLY_S) {
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
}
