package dev.bench.workloads.sysbench;

import dev.bench.core.BenchException;
import dev.bench.core.metrics.KindStats;
import dev.bench.core.metrics.RunResult;
import org.HdrHistogram.Histogram;

import java.io.PrintWriter;
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

    private final List<Long> seconds;
    private final QueryCounters counters;
    private final ThreadFairness fairness;
    private final int percentile;
    private int next;

    // the measured run so far, from the intervals
    private final Histogram latency = new Histogram(3);
    private long events;
    private long retries;
    private long reconnects;

    // the same, up to the last checkpoint
    private final Histogram latencyBefore = new Histogram(3);
    private long eventsBefore;
    private long retriesBefore;
    private long reconnectsBefore;
    private QueryCounts queriesBefore = QueryCounts.ZERO;
    private double[] threadEventsBefore;
    private double[] threadSecondsBefore;
    private double secondsBefore;

    /** @param seconds the checkpoints, ascending ({@link #parse}) */
    public SysbenchCheckpoints(List<Long> seconds, QueryCounters counters, ThreadFairness fairness, int percentile) {
        this.seconds = List.copyOf(seconds);
        this.counters = counters;
        this.fairness = fairness;
        this.percentile = percentile;
        this.threadEventsBefore = new double[fairness.events().length];
        this.threadSecondsBefore = new double[threadEventsBefore.length];
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

    /** A measured interval of the run, ending {@code atSeconds} into it: prints the checkpoint reports it reaches. */
    void add(List<KindStats> kinds, double atSeconds, PrintWriter out) {
        for (KindStats k : kinds) {
            latency.add(k.sojourn());
            events += k.completed();
            retries += k.outcomes().retries();
            reconnects += k.outcomes().reconnects();
        }
        while (next < seconds.size() && atSeconds + 0.01 >= seconds.get(next)) {
            QueryCounts q = counters.snapshot();
            double[] threadEvents = fairness.events();
            double[] threadSeconds = fairness.seconds();
            out.println(String.format(Locale.ROOT, "[ %ds ] Checkpoint report:", seconds.get(next++)));
            out.print(SysbenchReport.report(since(atSeconds, atSeconds, events, retries, reconnects, latency, q,
                    threadEvents, threadSeconds), percentile));
            out.flush();
            secondsBefore = atSeconds;
            eventsBefore = events;
            retriesBefore = retries;
            reconnectsBefore = reconnects;
            latencyBefore.reset();
            latencyBefore.add(latency);
            queriesBefore = q;
            threadEventsBefore = threadEvents;
            threadSecondsBefore = threadSeconds;
        }
    }

    /**
     * What the final report covers: the whole run, or after a checkpoint what came since it.
     *
     * @param q the run's statement counts at its end
     */
    public SysbenchReport.Totals sinceLast(RunResult result, QueryCounts q) {
        SysbenchReport.Totals whole = SysbenchReport.Totals.of(result, q, fairness);
        if (secondsBefore == 0 && eventsBefore == 0) {
            return whole;
        }
        return since(whole.totalSeconds(), whole.totalSeconds(), whole.events(), whole.ignoredErrors(),
                whole.reconnects(), whole.latency(), q, whole.threadEvents(), whole.threadSeconds());
    }

    private SysbenchReport.Totals since(double atSeconds, double totalSeconds, long allEvents, long allRetries,
                                        long allReconnects, Histogram allLatency, QueryCounts q, double[] threadEvents,
                                        double[] threadSeconds) {
        Histogram h = allLatency.copy();
        try {
            h.subtract(latencyBefore);
        } catch (IllegalArgumentException | ArrayIndexOutOfBoundsException notASuperset) {
            h = allLatency.copy(); // the run's histogram lacks what the intervals had: its whole, not a wrong part
        }
        return new SysbenchReport.Totals(Math.max(atSeconds - secondsBefore, 1e-3), totalSeconds, allEvents - eventsBefore,
                q.minus(queriesBefore), allRetries - retriesBefore, allReconnects - reconnectsBefore, h,
                minus(threadEvents, threadEventsBefore), minus(threadSeconds, threadSecondsBefore));
    }

    private static double[] minus(double[] now, double[] before) {
        double[] d = now.clone();
        for (int i = 0; i < d.length && i < before.length; i++) {
            d[i] -= before[i];
        }
        return d;
    }
}
