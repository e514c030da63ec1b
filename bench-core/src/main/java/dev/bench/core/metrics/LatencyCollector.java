package dev.bench.core.metrics;

import org.HdrHistogram.Histogram;

import java.util.ArrayList;
import java.util.List;

/**
 * Gathers every worker's recorders into per-kind interval and whole-run histograms.
 *
 * <p>Threading: only the reporting thread calls it. Workers keep recording meanwhile; each recorder
 * hands over its values without blocking them, each op whole ({@link KindRecorder}).
 */
public final class LatencyCollector {

    private final List<String> names;
    private final KindRecorder[][] recorders;
    private final KindCounters[] counters;
    private final Tally[] interval;
    private final Tally[] warmup;
    private final Tally[] total;
    private final Tally[] carry;
    private final Outcomes[] previous;

    /** @param recorders indexed [recorder set][kind] ({@link KindRecorder#setsFor}) */
    public LatencyCollector(List<String> kindNames, KindRecorder[][] recorders, KindCounters[] counters) {
        int n = kindNames.size();
        this.names = List.copyOf(kindNames);
        this.recorders = recorders;
        this.counters = counters;
        this.interval = tallies(n);
        this.warmup = tallies(n);
        this.total = tallies(n);
        this.carry = tallies(n);
        this.previous = new Outcomes[n];
        java.util.Arrays.fill(previous, Outcomes.NONE);
    }

    public static Histogram newHistogram() {
        return new Histogram(KindRecorder.SIGNIFICANT_DIGITS);
    }

    private static Tally[] tallies(int n) {
        Tally[] t = new Tally[n];
        for (int i = 0; i < n; i++) {
            t[i] = new Tally();
        }
        return t;
    }

    /**
     * Takes what was recorded since the last call; measured values also go into the totals. A warmup
     * interval shows warmup ops (progress is visible during warmup); a measured interval shows only
     * measured ops, so measured intervals add up exactly to the totals. The collection that closes the
     * warmup runs a little after the window has begun: measured ops (and outcomes) it finds are carried
     * into the first measured interval rather than shown in, and lost with, the warmup one.
     */
    public IntervalSnapshot collect(long startNanos, long endNanos, boolean isWarmup, long lagNanos) {
        List<KindStats> kinds = new ArrayList<>(names.size());
        for (int k = 0; k < names.size(); k++) {
            interval[k].reset();
            warmup[k].reset();
            for (KindRecorder[] set : recorders) {
                set[k].drainInto(interval[k], warmup[k]);
            }
            Outcomes outcomes = Outcomes.NONE;
            if (isWarmup) {
                carry[k].add(interval[k]);
                interval[k].reset();
                interval[k].add(warmup[k]);
            } else {
                interval[k].add(carry[k]);
                carry[k].reset();
                total[k].add(interval[k]);
                Outcomes now = counters[k].read();
                Outcomes counted = now.minus(previous[k]);
                previous[k] = now;
                outcomes = new Outcomes(interval[k].rejected, counted.failed(), counted.retries(), counted.reconnects());
            }
            kinds.add(new KindStats(names.get(k), interval[k].sojourn, interval[k].service, outcomes));
        }
        return new IntervalSnapshot(startNanos, endNanos, isWarmup, lagNanos, List.copyOf(kinds));
    }

    /** Whole measured window, per kind; call after the final {@link #collect}. */
    public List<KindStats> totals() {
        List<KindStats> kinds = new ArrayList<>(names.size());
        for (int k = 0; k < names.size(); k++) {
            // a run stopped during warmup never had a measured interval to carry into
            Tally all = new Tally();
            all.add(total[k]);
            all.add(carry[k]);
            Outcomes counted = counters[k].read();
            kinds.add(new KindStats(names.get(k), all.sojourn, all.service,
                    new Outcomes(all.rejected, counted.failed(), counted.retries(), counted.reconnects())));
        }
        return List.copyOf(kinds);
    }
}
