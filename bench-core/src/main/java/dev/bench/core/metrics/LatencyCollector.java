package dev.bench.core.metrics;

import org.HdrHistogram.Histogram;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.IntFunction;
import java.util.function.IntToLongFunction;

/**
 * Gathers every worker's recorders into per-kind interval and whole-run histograms, and the
 * measured ops of each host into per-host whole-run histograms ({@link #hosts}): each op was
 * recorded once, against its host, so the hosts add up to the run.
 *
 * <p>Threading: only the reporting thread calls it. Workers keep recording meanwhile; each recorder
 * hands over its values without blocking them, each op whole ({@link KindRecorder}).
 */
public final class LatencyCollector {

    private final List<String> names;
    private final HostRecorders[] recorders;
    private final KindCounters[] counters;
    private final HostCounters hostCounters;
    /** Measured ops per [host][kind] over the whole run; null where none were drained. */
    private Tally[][] hostTotals = new Tally[0][];
    private final Tally scratch = new Tally();
    private final Tally[] interval;
    private final Tally[] warmup;
    private final Tally[] total;
    private final Tally[] carry;
    private final Outcomes[] previous;

    /** @param recorders indexed [recorder set][kind] ({@link KindRecorder#setsFor}), all of them one host's */
    public LatencyCollector(List<String> kindNames, KindRecorder[][] recorders, KindCounters[] counters) {
        this(kindNames, Arrays.stream(recorders).map(HostRecorders::of).toArray(HostRecorders[]::new), counters,
                new HostCounters(kindNames.size()));
    }

    /** @param recorders one per recorder set ({@link HostRecorders#setsFor}) */
    public LatencyCollector(List<String> kindNames, HostRecorders[] recorders, KindCounters[] counters,
                            HostCounters hostCounters) {
        int n = kindNames.size();
        this.names = List.copyOf(kindNames);
        this.recorders = recorders;
        this.counters = counters;
        this.hostCounters = hostCounters;
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
            for (HostRecorders set : recorders) {
                KindRecorder[][] byHost = set.byHost();
                for (int h = 0; h < byHost.length; h++) {
                    if (byHost[h] != null) {
                        scratch.reset();
                        byHost[h][k].drainInto(scratch, warmup[k]);
                        interval[k].add(scratch);
                        hostTotal(h, k).add(scratch);
                    }
                }
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

    private Tally hostTotal(int host, int kind) {
        if (host >= hostTotals.length) {
            hostTotals = Arrays.copyOf(hostTotals, host + 1);
        }
        if (hostTotals[host] == null) {
            hostTotals[host] = tallies(names.size());
        }
        return hostTotals[host][kind];
    }

    /**
     * Whole measured window, per host that completed or failed a measured op, in host number order;
     * call after the final {@link #collect}. Each host lists every kind.
     *
     * @param hostNames  a host's name by its number
     * @param staleReads the workload's stale reads by host number (-1: it can't tell)
     */
    public List<HostStats> hosts(IntFunction<String> hostNames, IntToLongFunction staleReads) {
        List<HostStats> hosts = new ArrayList<>();
        int bound = Math.max(hostTotals.length, hostCounters.hostBound());
        for (int h = 0; h < bound; h++) {
            List<KindStats> kinds = new ArrayList<>(names.size());
            long ops = 0;
            for (int k = 0; k < names.size(); k++) {
                Tally t = h < hostTotals.length && hostTotals[h] != null ? hostTotals[h][k] : new Tally();
                long failed = hostCounters.failed(h, k);
                ops += t.completed + failed;
                kinds.add(new KindStats(names.get(k), t.sojourn, t.service, new Outcomes(t.rejected, failed, 0, 0)));
            }
            if (ops > 0) {
                hosts.add(new HostStats(hostNames.apply(h), kinds, staleReads.applyAsLong(h)));
            }
        }
        return List.copyOf(hosts);
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
