package dev.bench.workloads.vote;

import dev.bench.core.Hosts;

import java.util.concurrent.atomic.AtomicLongArray;

/**
 * Reads that saw an article's count lower than the client had already been told had committed: a
 * replica that had not yet applied acknowledged votes. Each article's floor is its count when the run
 * began plus the votes acknowledged for it since; a read takes the floors of its articles before it is
 * sent, so only votes acknowledged before the read began count against it, and counts only grow.
 *
 * <p>Costs 8 bytes per article; kept only when reads go to replicas.
 *
 * <p>Threading: any worker; {@link #count} after the run.
 */
final class StaleReads {

    private final AtomicLongArray floor;
    private final AtomicLongArray staleByHost = new AtomicLongArray(Hosts.MAX);

    /** @param countsAtStart each article's count when the run began, indexed by id (index 0 unused) */
    StaleReads(long[] countsAtStart) {
        this.floor = new AtomicLongArray(countsAtStart);
    }

    /** Votes for {@code ids[0..n)} the client was just told had committed (duplicates vote twice). */
    void acknowledged(long[] ids, int n) {
        for (int i = 0; i < n; i++) {
            floor.incrementAndGet((int) ids[i]);
        }
    }

    /** Before a read of {@code ids[0..n)}: the counts it must see at least. */
    void floors(long[] ids, int n, long[] out) {
        for (int i = 0; i < n; i++) {
            out[i] = floor.get((int) ids[i]);
        }
    }

    /** After the read: counts each article read below its floor as a stale read on {@code host}. */
    void check(long[] floors, long[] seen, int n, int host) {
        int stale = 0;
        for (int i = 0; i < n; i++) {
            if (seen[i] < floors[i]) {
                stale++;
            }
        }
        if (stale > 0) {
            staleByHost.addAndGet(host, stale);
        }
    }

    long count(int host) {
        return host < Hosts.MAX ? staleByHost.get(host) : 0;
    }
}
