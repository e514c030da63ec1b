package dev.bench.core.engine;

import dev.bench.core.metrics.Outage;

import java.util.ArrayList;
import java.util.List;

/**
 * Finds the windows in which writes were unavailable ({@link Outage}): one opens at the first call
 * that lost its connection, of any kind (when it failed: a worker whose read found the primary gone
 * reconnects before its next write, which then never fails), or at the first write that stalled
 * (acknowledged, or failed, more than {@link #STALL_NANOS} after it was sent: when it was sent),
 * and closes at the first write acknowledged whose call was sent after the window opened, so a commit
 * that was already on its way when the primary went away does not end it. A workload with no write
 * kinds has its reads close windows instead. Other failures (a refusal, a query error, a deadlock) open
 * none. Failures reported after a window closed that began before its end (a call that hung through
 * it) count in that window instead of opening another.
 *
 * <pre>{@code
 * OutageTracker outages = new OutageTracker(writeKinds, windowStartNanos);
 * // worker, after each call: outages.acknowledged(kind, sentNanos, doneNanos)
 * //                      or outages.failed(kind, sentNanos, failedNanos, ops, lostConnection, gaveUp)
 * List<Outage> found = outages.outages(); // after the workers ended
 * }</pre>
 *
 * <p>Threading: any worker calls {@link #acknowledged} and {@link #failed}; {@link #outages} after they
 * ended (or at any time, for a snapshot). {@link #acknowledged} is the hot path: an array read, a
 * subtraction and a volatile read, no lock and no allocation unless a window is open or the call stalled.
 * {@link #failed} takes the lock only for a lost connection, a stall, or a write given up inside a window.
 */
public final class OutageTracker {

    /** A write this slow counts as the start of an outage: longer than any healthy commit, shorter than a failover. */
    public static final long STALL_NANOS = 1_000_000_000L;
    /** Windows kept; an overloaded run could stall on every write, and the list must stay small. */
    static final int MAX_OUTAGES = 1000;

    private final boolean[] writeKinds;
    /** Kinds served by replicas on a pool of their own: their failures say nothing of the primary. */
    private final boolean[] replicaKinds;
    /** Kinds whose acknowledgement closes a window: the writes, or every kind when there are none. */
    private final boolean[] closingKinds;
    private final long windowStartNanos;
    private volatile boolean open;
    // guarded by this
    private long openedAtNanos;
    private long failedOps;
    private long inDoubtOps;
    private long lastEndNanos = Long.MIN_VALUE;
    private final List<Outage> closed = new ArrayList<>();
    private long dropped;

    /** @param writeKinds per op kind index, whether its ops write (only writes open or close a window) */
    public OutageTracker(boolean[] writeKinds, long windowStartNanos) {
        this(writeKinds, new boolean[writeKinds.length], windowStartNanos);
    }

    /**
     * @param replicaKinds per op kind index, whether its ops go to replicas ({@code --reads-to replicas}): their
     *                     lost connections open no window (a standby restarting is not the primary going away)
     */
    public OutageTracker(boolean[] writeKinds, boolean[] replicaKinds, long windowStartNanos) {
        this.writeKinds = writeKinds.clone();
        this.replicaKinds = replicaKinds.clone();
        boolean anyWrites = false;
        for (boolean w : writeKinds) {
            anyWrites |= w;
        }
        this.closingKinds = new boolean[writeKinds.length];
        for (int k = 0; k < writeKinds.length; k++) {
            closingKinds[k] = writeKinds[k] || !anyWrites;
        }
        this.windowStartNanos = windowStartNanos;
    }

    /** A call of {@code kind} sent at {@code sentNanos} was acknowledged at {@code doneNanos}. */
    public void acknowledged(int kind, long sentNanos, long doneNanos) {
        if (!closingKinds[kind]) {
            return;
        }
        if (doneNanos - sentNanos > STALL_NANOS) {
            stalled(sentNanos, doneNanos);
        } else if (open) {
            closeIfSentAfterOpening(sentNanos, doneNanos);
        }
    }

    /**
     * A call of {@code kind} with {@code ops} ops, sent at {@code sentNanos}, failed at {@code failedNanos}.
     *
     * @param lostConnection the call lost its connection (its writes are in doubt)
     * @param gaveUp         the ops are counted as failed (no retry follows)
     */
    public void failed(int kind, long sentNanos, long failedNanos, int ops, boolean lostConnection, boolean gaveUp) {
        if (replicaKinds[kind]) {
            return;
        }
        boolean write = writeKinds[kind];
        boolean stalled = write && failedNanos - sentNanos > STALL_NANOS;
        if (!lostConnection && !stalled) {
            // a refusal, a deadlock or a query error says nothing about availability (and a storm of them takes
            // no lock); inside a window a write given up is one of its failures
            if (open && write && gaveUp) {
                failedInside(ops);
            }
            return;
        }
        opened(stalled ? sentNanos : failedNanos, write ? ops : 0, lostConnection, gaveUp);
    }

    private synchronized void failedInside(int ops) {
        if (open) {
            failedOps += ops;
        }
    }

    private synchronized void opened(long began, int ops, boolean lostConnection, boolean gaveUp) {
        if (!open && began - lastEndNanos <= 0 && !closed.isEmpty()) {
            // it began inside the last window: a call that hung through it
            Outage last = closed.remove(closed.size() - 1);
            closed.add(new Outage(last.startNanos(), last.endNanos(), last.failedOps() + (gaveUp ? ops : 0),
                    last.inDoubtOps() + (lostConnection ? ops : 0)));
            return;
        }
        openAt(began);
        failedOps += gaveUp ? ops : 0;
        inDoubtOps += lostConnection ? ops : 0;
    }

    private synchronized void stalled(long sentNanos, long doneNanos) {
        if (!open && sentNanos - lastEndNanos <= 0 && !closed.isEmpty()) {
            // sent inside the last window: it stretches that window, if it outlasted it
            Outage last = closed.remove(closed.size() - 1);
            long end = Math.max(last.endNanos(), doneNanos - windowStartNanos);
            closed.add(new Outage(last.startNanos(), end, last.failedOps(), last.inDoubtOps()));
            lastEndNanos = end + windowStartNanos;
            return;
        }
        openAt(sentNanos);
        closeIfSentAfterOpening(sentNanos, doneNanos);
    }

    private synchronized void closeIfSentAfterOpening(long sentNanos, long doneNanos) {
        if (!open || sentNanos - openedAtNanos < 0) {
            return;
        }
        add(new Outage(openedAtNanos - windowStartNanos, doneNanos - windowStartNanos, failedOps, inDoubtOps));
        lastEndNanos = doneNanos;
        open = false;
    }

    private void openAt(long nanos) {
        if (!open) {
            open = true;
            openedAtNanos = nanos;
            failedOps = 0;
            inDoubtOps = 0;
        } else if (nanos - openedAtNanos < 0) {
            openedAtNanos = nanos;
        }
    }

    private void add(Outage outage) {
        if (closed.size() < MAX_OUTAGES) {
            closed.add(outage);
        } else {
            dropped++;
        }
    }

    /** The windows found, in order; one still open is last, with no end. */
    public synchronized List<Outage> outages() {
        List<Outage> all = new ArrayList<>(closed);
        if (open) {
            all.add(new Outage(openedAtNanos - windowStartNanos, -1, failedOps, inDoubtOps));
        }
        return all;
    }

    /** Windows past {@link #MAX_OUTAGES}, counted and not kept. */
    public synchronized long dropped() {
        return dropped;
    }
}
