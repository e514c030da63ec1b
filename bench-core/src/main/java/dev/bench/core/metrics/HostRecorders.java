package dev.bench.core.metrics;

import java.util.Arrays;

/**
 * One recorder set's {@link KindRecorder}s, one array of kinds per host the set's workers were served
 * by ({@code dev.bench.core.Hosts} numbers them), so that each op is recorded once, against its host,
 * and the collector adds the hosts up for the run's per-kind figures.
 *
 * <p>A host's recorders are created the first time a worker records there (when a session opened a
 * connection to a new server), never on an op that has recorders already: the worker keeps the arrays
 * it was given ({@code Worker.recordersFor}).
 *
 * <p>Threading: {@link #forHost} from the set's workers (creating under this object's lock, publishing
 * through a volatile array); {@link #byHost} from the reporting thread at any time.
 */
public final class HostRecorders {

    private final int kinds;
    private final boolean shared;
    /** Indexed by host number; null where this set never recorded. Replaced, never changed in place. */
    private volatile KindRecorder[][] byHost = new KindRecorder[0][];

    public HostRecorders(int kinds, boolean shared) {
        this.kinds = kinds;
        this.shared = shared;
    }

    /** A set that holds these recorders for host 0 (tests, and callers that know of no hosts). */
    static HostRecorders of(KindRecorder[] recorders) {
        HostRecorders set = new HostRecorders(recorders.length, false);
        set.byHost = new KindRecorder[][] {recorders};
        return set;
    }

    /** The recorder sets for a phase, one per worker up to {@value KindRecorder#MAX_SETS} workers, as {@link KindRecorder#setsFor}. */
    public static HostRecorders[] setsFor(int workers, int kinds) {
        HostRecorders[] sets = new HostRecorders[Math.min(workers, KindRecorder.MAX_SETS)];
        for (int i = 0; i < sets.length; i++) {
            sets[i] = new HostRecorders(kinds, workers > KindRecorder.MAX_SETS);
        }
        return sets;
    }

    /** The recorders of each kind for ops served by {@code host}, created the first time. */
    public KindRecorder[] forHost(int host) {
        KindRecorder[][] now = byHost;
        if (host < now.length && now[host] != null) {
            return now[host];
        }
        return create(host);
    }

    private synchronized KindRecorder[] create(int host) {
        KindRecorder[][] now = byHost;
        if (host < now.length && now[host] != null) {
            return now[host];
        }
        KindRecorder[][] grown = Arrays.copyOf(now, Math.max(now.length, host + 1));
        KindRecorder[] recorders = new KindRecorder[kinds];
        for (int k = 0; k < kinds; k++) {
            recorders[k] = new KindRecorder(shared);
        }
        grown[host] = recorders;
        byHost = grown;
        return recorders;
    }

    /** The recorders by host number, null where none; for the reporting thread. */
    KindRecorder[][] byHost() {
        return byHost;
    }
}
