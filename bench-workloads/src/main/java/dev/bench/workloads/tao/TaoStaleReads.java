package dev.bench.workloads.tao;

import dev.bench.core.Hosts;

import java.util.Arrays;
import java.util.concurrent.atomic.AtomicLongArray;

/**
 * Point reads (obj_read, edge_point_read) that saw an object or edge older than an update the client had already
 * been told had committed: a replica that had not yet applied it. An update sets the row's timestamp to the
 * client's now and only applies where the stored one is older, so a row's timestamp never goes back; each loaded
 * edge's slot in the {@link EdgePool} keeps the newest timestamp acknowledged for its edge, and for its object
 * (id1) when updated through that slot. A read takes its slot's floor before it is sent and is stale when the row
 * it gets is older. Through another slot of the same object an update is not seen: stale reads are undercounted,
 * never invented. Adds take fresh keys no read picks, so they can't be read stale; a read that finds no row is not
 * counted (the shipped configs delete nothing, a custom one may).
 *
 * <p>Costs 16 bytes per loaded edge; kept only when reads go to replicas.
 *
 * <p>Threading: any worker; {@link #count} after the run.
 */
final class TaoStaleReads {

    private final AtomicLongArray[] edgeFloor = new AtomicLongArray[TaoConfig.SHARDS];
    private final AtomicLongArray[] objectFloor = new AtomicLongArray[TaoConfig.SHARDS];
    private final AtomicLongArray staleByHost = new AtomicLongArray(Hosts.MAX);

    TaoStaleReads(EdgePool pool) {
        for (int s = 0; s < TaoConfig.SHARDS; s++) {
            edgeFloor[s] = new AtomicLongArray(pool.shardSize(s));
            objectFloor[s] = new AtomicLongArray(pool.shardSize(s));
        }
    }

    /** An update of the slot's object (or edge) to {@code timestampMicros} was acknowledged. */
    void updated(boolean object, int shard, int index, long timestampMicros) {
        (object ? objectFloor : edgeFloor)[shard].accumulateAndGet(index, timestampMicros, Math::max);
    }

    /** Before a read of the slot's object (or edge): the timestamp it must see at least; 0 when none was told. */
    long floor(boolean object, int shard, int index) {
        return (object ? objectFloor : edgeFloor)[shard].get(index);
    }

    /** A stale read served by host number {@code host}. */
    void stale(int host) {
        staleByHost.incrementAndGet(host);
    }

    long count(int host) {
        return host < Hosts.MAX ? staleByHost.get(host) : 0;
    }

    /** A request's updates that changed a row, kept until it succeeds; one session's, grown as needed, reused across requests. */
    static final class Pending {
        private boolean[] object = new boolean[8];
        private int[] shard = new int[8];
        private int[] index = new int[8];
        private long[] timestamp = new long[8];
        private int size;

        void clear() {
            size = 0;
        }

        void add(boolean isObject, int s, int i, long micros) {
            if (size == shard.length) {
                int n = size * 2;
                object = Arrays.copyOf(object, n);
                shard = Arrays.copyOf(shard, n);
                index = Arrays.copyOf(index, n);
                timestamp = Arrays.copyOf(timestamp, n);
            }
            object[size] = isObject;
            shard[size] = s;
            index[size] = i;
            timestamp[size] = micros;
            size++;
        }

        void tell(TaoStaleReads stale) {
            for (int u = 0; u < size; u++) {
                stale.updated(object[u], shard[u], index[u], timestamp[u]);
            }
        }
    }
}
