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
    private final Histogram[] carrySojourn;
    private final Histogram[] carryService;
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
        this.carrySojourn = histograms(n);
        this.carryService = histograms(n);
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
     * measured ops, so measured intervals add up exactly to the totals. The collection that closes the
     * warmup runs a little after the window has begun: measured ops (and outcomes) it finds are carried
     * into the first measured interval rather than shown in, and lost with, the warmup one.
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
            Outcomes outcomes = Outcomes.NONE;
            if (warmup) {
                carrySojourn[k].add(intervalSojourn[k]);
                carryService[k].add(intervalService[k]);
                intervalSojourn[k].reset();
                intervalService[k].reset();
                intervalSojourn[k].add(warmupSojourn[k]);
                intervalService[k].add(warmupService[k]);
            } else {
                takeCarry(k);
                totalSojourn[k].add(intervalSojourn[k]);
                totalService[k].add(intervalService[k]);
                Outcomes now = counters[k].read();
                outcomes = now.minus(previous[k]);
                previous[k] = now;
            }
            kinds.add(new KindStats(names.get(k), intervalSojourn[k], intervalService[k], outcomes));
        }
        return new IntervalSnapshot(startNanos, endNanos, warmup, lagNanos, List.copyOf(kinds));
    }

    private void takeCarry(int k) {
        intervalSojourn[k].add(carrySojourn[k]);
        intervalService[k].add(carryService[k]);
        carrySojourn[k].reset();
        carryService[k].reset();
    }

    /** Whole measured window, per kind; call after the final {@link #collect}. */
    public List<KindStats> totals() {
        List<KindStats> kinds = new ArrayList<>(names.size());
        for (int k = 0; k < names.size(); k++) {
            // a run stopped during warmup never had a measured interval to carry into
            Histogram sojourn = totalSojourn[k].copy();
            Histogram service = totalService[k].copy();
            sojourn.add(carrySojourn[k]);
            service.add(carryService[k]);
            kinds.add(new KindStats(names.get(k), sojourn, service, counters[k].read()));
        }
        return List.copyOf(kinds);
    }
}
