package dev.bench.core.metrics;

import dev.bench.core.RunConfig;

import java.util.Arrays;
import java.util.List;

/**
 * What one phase measured: per-kind latency and outcomes over the measured window, offered and
 * achieved rates, and whether it ended as planned.
 *
 * <p>The measured window runs from its start to the configured end, or to the stop when the phase
 * stopped early (Ctrl-C, the max lag, a failure), or, when an op count ended it, until the last op of
 * that count was intended. Every rate here is over that window: an interrupted run's figures are those
 * of the time it ran.
 *
 * @param generated   ops per kind offered in the measured window: those whose intended start fell in
 *                    it. Closed loop: the ops started. Open loop: the ops handed to workers, plus those
 *                    the schedule offered before the window's end (the stop, after a stop) that no worker
 *                    took, counted from the schedule's integral (Poisson arrivals: the expected count,
 *                    rounded per kind). Ops the schedule would have offered after a stop are not counted:
 *                    they never were. Bursts: the ops of the bursts released.
 * @param windowNanos length of the measured window, as above (0 when the phase stopped during warmup)
 * @param drainNanos  from the window's start until the last measured op completed
 * @param maxLagNanos worst lag of the oldest waiting op seen at any report (open loop)
 * @param stopReason  null when the phase ran to its end; else why it stopped early
 * @param interrupted the phase was stopped by Ctrl-C: no further phase should start
 * @param outages     the windows in which writes were unavailable (a failover), in order; usually none
 * @param hosts       the measured ops per host that served any (their sum per kind is {@code kinds});
 *                    one entry, or none, when the run had one host
 * @param client      what the client process cost over the window; null when not measured (a stop
 *                    during warmup, a result assembled from files)
 */
public record RunResult(RunInfo info, List<KindStats> kinds, List<Long> generated, long windowNanos,
                        long drainNanos, long maxLagNanos, String stopReason, boolean interrupted,
                        List<Outage> outages, List<HostStats> hosts, ClientCost client) {

    public RunResult {
        kinds = List.copyOf(kinds);
        generated = List.copyOf(generated);
        outages = List.copyOf(outages);
        hosts = List.copyOf(hosts);
    }

    public RunResult(RunInfo info, List<KindStats> kinds, List<Long> generated, long windowNanos, long drainNanos,
                     long maxLagNanos, String stopReason, boolean interrupted, List<Outage> outages, List<HostStats> hosts) {
        this(info, kinds, generated, windowNanos, drainNanos, maxLagNanos, stopReason, interrupted, outages, hosts, null);
    }

    public RunResult(RunInfo info, List<KindStats> kinds, List<Long> generated, long windowNanos, long drainNanos,
                     long maxLagNanos, String stopReason, boolean interrupted, List<Outage> outages) {
        this(info, kinds, generated, windowNanos, drainNanos, maxLagNanos, stopReason, interrupted, outages, List.of());
    }

    /** Whether more than one host served the measured ops: only then do reports show them. */
    public boolean manyHosts() {
        return hosts.size() > 1;
    }

    public RunResult(RunInfo info, List<KindStats> kinds, List<Long> generated, long windowNanos, long drainNanos,
                     long maxLagNanos, String stopReason, boolean interrupted) {
        this(info, kinds, generated, windowNanos, drainNanos, maxLagNanos, stopReason, interrupted, List.of());
    }

    public RunResult(RunInfo info, List<KindStats> kinds, long[] generated, long windowNanos, long drainNanos,
                     long maxLagNanos, String stopReason, boolean interrupted) {
        this(info, kinds, generated, windowNanos, drainNanos, maxLagNanos, stopReason, interrupted, List.of());
    }

    public RunResult(RunInfo info, List<KindStats> kinds, long[] generated, long windowNanos, long drainNanos,
                     long maxLagNanos, String stopReason, boolean interrupted, List<Outage> outages) {
        this(info, kinds, Arrays.stream(generated).boxed().toList(), windowNanos, drainNanos, maxLagNanos,
                stopReason, interrupted, outages, List.of(), null);
    }

    /**
     * From the window's start until the last measured op completed, at least the window: how long a run
     * of a count lasted (pgbench's -t), or sysbench's total time.
     */
    public long untilLastOpNanos() {
        return Math.max(windowNanos, drainNanos);
    }

    public boolean completedAsPlanned() {
        return stopReason == null;
    }

    public long generatedTotal() {
        return generated.stream().mapToLong(Long::longValue).sum();
    }

    public long completedTotal() {
        return kinds.stream().mapToLong(KindStats::completed).sum();
    }

    /** Ops offered per second of measured window (Noria's "generated ops/s"). */
    public double generatedPerSec() {
        return windowNanos <= 0 ? 0 : generatedTotal() / (windowNanos / 1e9);
    }

    /** Ops completed per second until the backlog drained (Noria's "actual ops/s"). */
    public double actualPerSec() {
        long span = Math.max(drainNanos, 1);
        return completedTotal() / (span / 1e9);
    }

    public KindStats kind(String name) {
        return kinds.stream().filter(k -> k.name().equals(name)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no op kind " + name));
    }

    public RunConfig config() {
        return info.config();
    }
}
