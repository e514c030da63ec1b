package dev.bench.workloads.ycsb;

import dev.bench.core.metrics.IntervalListener;
import dev.bench.core.metrics.IntervalSnapshot;
import dev.bench.core.metrics.KindStats;
import dev.bench.core.metrics.RunInfo;
import org.HdrHistogram.Histogram;

import java.io.PrintWriter;
import java.text.DecimalFormat;
import java.text.SimpleDateFormat;
import java.util.Date;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.LongSupplier;

/**
 * YCSB's {@code -s} status line on stderr every {@code status.interval} seconds: time, seconds since
 * the start, ops so far, the current rate, and per op the interval's latencies (us) as
 * {@code [READ: Count=.., Max=.., Min=.., Avg=.., 50=.., 90=.., 99=.., 99.9=.., 99.99=..]}, service
 * time first, then {@code [Intended-READ: ...]} from the intended start. A load's op is a statement of
 * several records: its ops so far and rate count the records acknowledged, as [OVERALL] does (YCSB counts
 * each record an op); its latencies stay those of the statements.
 *
 * <p>Threading: the engine's reporting thread only.
 */
final class YcsbStatusLines implements IntervalListener {

    private final PrintWriter err;
    private final long everyNanos;
    /** A load's records acknowledged so far, or null: a run counts the engine's ops. */
    private final LongSupplier records;
    private final Map<String, Histogram[]> pending = new LinkedHashMap<>();
    private long total;
    private long sinceLast;
    private long lastEndNanos;
    private long nextNanos;

    YcsbStatusLines(PrintWriter err, long everySeconds, LongSupplier records) {
        this.err = err;
        this.records = records;
        this.everyNanos = everySeconds * 1_000_000_000L;
        this.nextNanos = everyNanos;
    }

    @Override
    public void onStart(RunInfo info) {
        pending.clear();
    }

    @Override
    public void onInterval(IntervalSnapshot interval) {
        for (KindStats k : interval.kinds()) {
            Histogram[] h = pending.computeIfAbsent(k.name(), n -> new Histogram[] {new Histogram(3), new Histogram(3)});
            h[0].add(k.service());
            h[1].add(k.sojourn());
            sinceLast += k.completed();
        }
        if (interval.endNanos() >= nextNanos) {
            print(interval.endNanos());
            nextNanos += everyNanos * Math.max(1, (interval.endNanos() - nextNanos) / everyNanos + 1);
        }
    }

    private void print(long endNanos) {
        if (records != null) {
            long acknowledged = records.getAsLong();
            sinceLast = acknowledged - total;
            total = acknowledged;
        } else {
            total += sinceLast;
        }
        DecimalFormat d = new DecimalFormat("#.##");
        StringBuilder line = new StringBuilder(new SimpleDateFormat("yyyy-MM-dd HH:mm:ss:SSS").format(new Date()))
                .append(' ').append(endNanos / 1_000_000_000L).append(" sec: ").append(total).append(" operations; ");
        if (total > 0) {
            double seconds = Math.max(endNanos - lastEndNanos, 1) / 1e9;
            line.append(d.format(sinceLast / seconds)).append(" current ops/sec; ");
        }
        StringBuilder intended = new StringBuilder();
        for (Map.Entry<String, Histogram[]> e : pending.entrySet()) {
            String label = YcsbOp.ofKind(e.getKey()).label();
            summary(line, label, e.getValue()[0], d);
            summary(intended, "Intended-" + label, e.getValue()[1], d);
            e.getValue()[0].reset();
            e.getValue()[1].reset();
        }
        err.println(line.append(intended));
        err.flush();
        sinceLast = 0;
        lastEndNanos = endNanos;
    }

    private static void summary(StringBuilder line, String label, Histogram ns, DecimalFormat d) {
        line.append('[').append(label).append(": Count=").append(ns.getTotalCount())
                .append(", Max=").append(YcsbReport.micros(ns.getMaxValue()))
                .append(", Min=").append(YcsbReport.micros(ns.getMinValue()))
                .append(", Avg=").append(d.format(ns.getMean() / 1000.0));
        for (double p : new double[] {50, 90, 99, 99.9, 99.99}) {
            line.append(", ").append(d.format(p)).append('=').append(d.format(YcsbReport.micros(ns.getValueAtPercentile(p))));
        }
        line.append("] ");
    }
}
