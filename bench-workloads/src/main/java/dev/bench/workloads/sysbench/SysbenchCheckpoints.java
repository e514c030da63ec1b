package dev.bench.workloads.sysbench;

import dev.bench.core.BenchException;
import dev.bench.core.metrics.KindStats;
import dev.bench.core.metrics.RunResult;
import org.HdrHistogram.Histogram;

import java.io.PrintWriter;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;

/**
 * sysbench's {@code --report-checkpoints=S,...} for the scripts bench runs on its engine: at each listed
 * second, "[ Ss ] Checkpoint report:" and the full report of what happened since the previous checkpoint,
 * after which sysbench's counters start again. So the final report then covers the time since the last
 * checkpoint (its rates per second of that time), while every "total time" is the run's so far.
 *
 * <p>A checkpoint falls on the end of the engine interval that reaches it: with whole seconds and no
 * --report-interval (the engine's 1 s), on the second; with --report-interval=5, on the next 5 s line.
 *
 * <p>Threading: fed by the engine's one reporting thread; {@link #sinceLast} reads it after the run.
 */
public final class SysbenchCheckpoints {

    /** sysbench's MAX_CHECKPOINTS. */
    static final int MAX = 256;
    /** An interval that ends this close before a checkpoint reaches it: the engine's ends are not exact. */
    private static final double REACH_SECONDS = 0.01;

    private final List<Long> seconds;
    private final QueryCounters counters;
    private final ThreadFairness fairness;
    private final int percentile;
    private final SysbenchTestFormat format;
    private int next;

    // the measured run so far, from the intervals
    private final Histogram latency = new Histogram(3);
    private long events;
    private long retries;
    private long reconnects;

    /** The run as it stood at the last checkpoint (its latency a copy), or null before the first. */
    private SysbenchReport.Totals atLast;

    /** @param seconds the checkpoints, ascending ({@link #parse}) */
    public SysbenchCheckpoints(List<Long> seconds, QueryCounters counters, ThreadFairness fairness, int percentile) {
        this(seconds, counters, fairness, percentile, SysbenchTestFormat.SCRIPTS);
    }

    /** @param format the test whose report each checkpoint prints */
    public SysbenchCheckpoints(List<Long> seconds, QueryCounters counters, ThreadFairness fairness, int percentile,
                               SysbenchTestFormat format) {
        this.seconds = List.copyOf(seconds);
        this.counters = counters;
        this.fairness = fairness;
        this.percentile = percentile;
        this.format = format;
    }

    /**
     * sysbench's list: whole seconds, sorted, at most {@value #MAX}; "" is none.
     *
     * @throws BenchException in sysbench's words
     */
    public static List<Long> parse(String list) {
        List<Long> out = new ArrayList<>();
        for (String at : list.split(",")) {
            if (at.isBlank()) {
                continue;
            }
            long s;
            try {
                s = Long.parseLong(at.trim());
            } catch (NumberFormatException e) {
                s = -1;
            }
            if (s < 0 || s > Integer.MAX_VALUE) {
                throw new BenchException("Invalid value for --report-checkpoints: '" + at + "'");
            }
            if (out.size() == MAX) {
                throw new BenchException("Too many checkpoints in --report-checkpoints (up to " + MAX + " can be defined)");
            }
            out.add(s);
        }
        Collections.sort(out);
        return out;
    }

    /** The header's line, "Report checkpoint(s) at 1, 2 seconds". */
    public static String headerLine(List<Long> seconds) {
        return "Report checkpoint(s) at " + String.join(", ", seconds.stream().map(String::valueOf).toList()) + " seconds";
    }

    public List<Long> seconds() {
        return seconds;
    }

    /**
     * A measured interval of the run, ending {@code atSeconds} into it: the run as it stands at each checkpoint
     * it reaches, none when it reaches none, for {@link #print}; the per-thread counts as they stood at the
     * interval's end ({@link #alignTo}), not when this runs.
     */
    List<Reached> reach(List<KindStats> kinds, double atSeconds) {
        for (KindStats k : kinds) {
            latency.add(k.sojourn());
            events += k.completed();
            retries += k.outcomes().retries();
            reconnects += k.outcomes().reconnects();
        }
        List<Reached> reached = new ArrayList<>();
        while (next < seconds.size() && atSeconds + REACH_SECONDS >= seconds.get(next)) {
            double[][] threads = fairness.at(next);
            reached.add(new Reached(seconds.get(next++), new SysbenchReport.Totals(atSeconds, atSeconds, events,
                    counters.snapshot(), retries, reconnects, latency.copy(), threads[0], threads[1])));
        }
        return reached;
    }

    /**
     * The run's engine intervals are {@code interval} long: each checkpoint's moment is the end of the first
     * interval that reaches it ({@link #reach}), where the per-thread counts are kept for its report
     * ({@link ThreadFairness#cutAt}). Before the run starts.
     */
    void alignTo(Duration interval) {
        long every = interval.toNanos();
        long[] cuts = new long[seconds.size()];
        for (int i = 0; i < cuts.length; i++) {
            long due = seconds.get(i) * 1_000_000_000L - Math.round(REACH_SECONDS * 1e9);
            cuts[i] = Math.max(1, (due + every - 1) / every) * every; // the first interval end at or after it
        }
        fairness.cutAt(cuts);
    }

    /** "[ Ss ] Checkpoint report:" and the report of what came since the previous one, for each checkpoint reached. */
    void print(List<Reached> reached, PrintWriter out) {
        for (Reached r : reached) {
            out.println(String.format(Locale.ROOT, "[ %ds ] Checkpoint report:", r.second()));
            out.print(format.report(sinceLast(r.run()), percentile));
            out.flush();
            atLast = r.run();
        }
    }

    /** A checkpoint the run reached, and the run as it stood then. */
    record Reached(long second, SysbenchReport.Totals run) {
    }

    /**
     * What the final report covers: the whole run, or after a checkpoint what came since it.
     *
     * @param q the run's statement counts at its end
     */
    public SysbenchReport.Totals sinceLast(RunResult result, QueryCounts q) {
        return sinceLast(SysbenchReport.Totals.of(result, q, fairness));
    }

    /** {@code now} less the run as it stood at the last checkpoint, its rates per second since then. */
    private SysbenchReport.Totals sinceLast(SysbenchReport.Totals now) {
        if (atLast == null) {
            return now;
        }
        Histogram h = now.latency().copy();
        try {
            h.subtract(atLast.latency());
        } catch (IllegalArgumentException | ArrayIndexOutOfBoundsException notASuperset) {
            h = now.latency(); // the run's histogram lacks what the intervals had: its whole, not a wrong part
        }
        return new SysbenchReport.Totals(Math.max(now.totalSeconds() - atLast.totalSeconds(), 1e-3), now.totalSeconds(),
                now.events() - atLast.events(), now.queries().minus(atLast.queries()),
                now.ignoredErrors() - atLast.ignoredErrors(), now.reconnects() - atLast.reconnects(), h,
                minus(now.threadEvents(), atLast.threadEvents()), minus(now.threadSeconds(), atLast.threadSeconds()));
    }

    private static double[] minus(double[] now, double[] before) {
        double[] d = now.clone();
        for (int i = 0; i < d.length && i < before.length; i++) {
            d[i] -= before[i];
        }
        return d;
    }
}
