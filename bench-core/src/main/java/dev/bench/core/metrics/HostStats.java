package dev.bench.core.metrics;

import java.util.List;

/**
 * What one host served over the measured window: per kind its completed ops' latencies and outcomes
 * (rejected and failed; retries and reconnects are the run's, not a host's).
 *
 * @param host       {@code host:port} as the server reported it ({@code dev.bench.core.Hosts})
 * @param kinds      every kind of the run, in order, with 0 ops where this host served none
 * @param staleReads reads that saw less than the client had already been told had committed
 *                   (the workload's count, {@code Workload.staleReads}); -1 when the workload can't tell
 */
public record HostStats(String host, List<KindStats> kinds, long staleReads) {

    public HostStats {
        kinds = List.copyOf(kinds);
    }

    public long completed() {
        return kinds.stream().mapToLong(KindStats::completed).sum();
    }

    public long failed() {
        return kinds.stream().mapToLong(k -> k.outcomes().failed()).sum();
    }
}
