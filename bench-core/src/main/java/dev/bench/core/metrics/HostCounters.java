package dev.bench.core.metrics;

import java.util.Arrays;

/**
 * Measured ops that failed, per host and kind: the engine counts a failure against the host of the
 * session whose call failed. Completions are counted with their latencies ({@link HostRecorders}).
 *
 * <p>Threading: {@link #failed} from any worker, {@link #failed(int, int)} from any thread; both under
 * this object's lock (failures are rare: the hot path never comes here).
 */
public final class HostCounters {

    /** [host][kind]. */
    private long[][] failed = new long[0][];
    private final int kinds;

    public HostCounters(int kinds) {
        this.kinds = kinds;
    }

    public synchronized void failed(int host, int kind, int ops) {
        if (ops == 0) {
            return;
        }
        if (host >= failed.length) {
            failed = Arrays.copyOf(failed, host + 1);
        }
        if (failed[host] == null) {
            failed[host] = new long[kinds];
        }
        failed[host][kind] += ops;
    }

    public synchronized long failed(int host, int kind) {
        return host < failed.length && failed[host] != null ? failed[host][kind] : 0;
    }

    /** Hosts numbered below this may have failures. */
    synchronized int hostBound() {
        return failed.length;
    }
}
