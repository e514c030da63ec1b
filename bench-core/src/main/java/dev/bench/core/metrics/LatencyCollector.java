package dev.bench.core.metrics;

import org.HdrHistogram.Histogram;

import java.util.ArrayList;
import java.util.List;

/**
 * Gathers every worker's recorders into per-kind interval and whole-run histograms.
 *
 * <p>Threading: only the reporting thread calls it. Workers keep recording meanwhile; each recorder
 * hands over its values without blocking them (HdrHistogram's writer-reader phaser).
 */
public final class LatencyCollector {

    private final List<String> names;
    private final KindRecorder[][] recorders;
    private final KindCounters[] counters;
    private final Histogram[] intervalSojourn;
    private final Histogram[] intervalService;
    private final Histogram[] warmupSojourn;
    private final Histogram[] warmupService;
    private final Histogram[] totalSojourn;
    private final Histogram[] totalService;
    private final Outcomes[] previous;

    /** @param recorders indexed [recorder set][kind] ({@link KindRecorder#setsFor}) */
    public LatencyCollector(List<String> kindNames, KindRecorder[][] recorders, KindCounters[] counters) {
        int n = kindNames.size();
        this.names = List.copyOf(kindNames);
        this.recorders = recorders;
        this.counters = counters;
        this.intervalSojourn = histograms(n);
        this.intervalService = histograms(n);
        this.warmupSojourn = histograms(n);
        this.warmupService = histograms(n);
        this.totalSojourn = histograms(n);
        this.totalService = histograms(n);
        this.previous = new Outcomes[n];
        java.util.Arrays.fill(previous, Outcomes.NONE);
    }

    public static Histogram newHistogram() {
        return new Histogram(KindRecorder.SIGNIFICANT_DIGITS);
    }

    private static Histogram[] histograms(int n) {
        Histogram[] h = new Histogram[n];
        for (int i = 0; i < n; i++) {
            h[i] = newHistogram();
        }
        return h;
    }

    /**
     * Takes what was recorded since the last call; measured values also go into the totals. A warmup
     * interval shows warmup ops (progress is visible during warmup); a measured interval shows only
     * measured ops, so measured intervals add up exactly to the totals.
     */
    public IntervalSnapshot collect(long startNanos, long endNanos, boolean warmup, long lagNanos) {
        List<KindStats> kinds = new ArrayList<>(names.size());
        for (int k = 0; k < names.size(); k++) {
            intervalSojourn[k].reset();
            intervalService[k].reset();
            warmupSojourn[k].reset();
            warmupService[k].reset();
            for (KindRecorder[] set : recorders) {
                set[k].drainInto(intervalSojourn[k], intervalService[k], warmupSojourn[k], warmupService[k]);
            }
            totalSojourn[k].add(intervalSojourn[k]);
            totalService[k].add(intervalService[k]);
            if (warmup) {
                intervalSojourn[k].add(warmupSojourn[k]);
                intervalService[k].add(warmupService[k]);
            }
            Outcomes now = counters[k].read();
            kinds.add(new KindStats(names.get(k), intervalSojourn[k], intervalService[k], now.minus(previous[k])));
            previous[k] = now;
        }
        return new IntervalSnapshot(startNanos, endNanos, warmup, lagNanos, List.copyOf(kinds));
    }

    /** Whole measured window, per kind; call after the final {@link #collect}. */
    public List<KindStats> totals() {
        List<KindStats> kinds = new ArrayList<>(names.size());
        for (int k = 0; k < names.size(); k++) {
            kinds.add(new KindStats(names.get(k), totalSojourn[k].copy(), totalService[k].copy(), counters[k].read()));
        }
        return List.copyOf(kinds);
    }
}
