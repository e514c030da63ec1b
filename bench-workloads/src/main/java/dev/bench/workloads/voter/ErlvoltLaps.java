package dev.bench.workloads.voter;

import dev.bench.core.metrics.IntervalListener;
import dev.bench.core.metrics.IntervalSnapshot;
import dev.bench.core.metrics.KindStats;

import java.io.PrintWriter;
import java.util.Locale;
import java.util.function.IntSupplier;

/**
 * erlvolt's rolling line, one per dump interval:
 * {@code Client VSD: at  0.217sec: lap   19,339 T/sec,  total   19,368 T/sec, success:   4,203, fails: 0,}
 * {@code pending:     111, avglat:  0.286ms, maxlat:    3ms} (one line).
 * Lap and total rates count calls that completed (accepted or refused by the vote's rules); latencies
 * are the lap's sojourn times, from each call's intended start. Warmup intervals are not shown.
 *
 * <p>Threading: called by the engine's reporting thread only.
 */
public final class ErlvoltLaps implements IntervalListener {

    private final PrintWriter out;
    private final String client;
    private final IntSupplier pending;
    private final boolean withP99;
    private long success;
    private long fails;

    /** @param withP99 add the lap's p99 sojourn latency (verbosity veryverbose) */
    public ErlvoltLaps(PrintWriter out, String client, IntSupplier pending, boolean withP99) {
        this.out = out;
        this.withP99 = withP99;
        this.client = client;
        this.pending = pending;
    }

    @Override
    public void onInterval(IntervalSnapshot interval) {
        if (interval.warmup() || interval.kinds().isEmpty()) {
            return;
        }
        KindStats vote = interval.kinds().get(0);
        long completed = vote.completed();
        success += completed;
        fails += vote.outcomes().failed();
        double at = interval.endNanos() / 1e9;
        double lapRate = completed / Math.max(interval.seconds(), 1e-9);
        double totalRate = success / Math.max(at, 1e-9);
        double avgMs = completed == 0 ? 0 : vote.sojourn().getMean() / 1e6;
        long maxMs = Math.round(vote.sojourn().getMaxValue() / 1e6);
        String line = line(client, at, lapRate, totalRate, success, fails, pending.getAsInt(), avgMs, maxMs);
        if (withP99) {
            line += String.format(Locale.US, ", p99lat: %.3fms", vote.sojourn().getValueAtPercentile(99) / 1e6);
        }
        out.println(line);
        out.flush();
    }

    static String line(String client, double at, double lapRate, double totalRate, long success, long fails,
                       int pending, double avgMs, long maxMs) {
        return String.format(Locale.US, "Client %s: at %6.3fsec: lap %,8.0f T/sec,  total %,8.0f T/sec, success: %,7d,"
                        + " fails: %d, pending: %,7d, avglat: %6.3fms, maxlat: %4dms",
                client, at, lapRate, totalRate, success, fails, pending, avgMs, maxMs);
    }
}
