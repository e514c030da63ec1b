package dev.bench.core.engine;

import dev.bench.core.Batch;
import dev.bench.core.Bursts;
import dev.bench.core.OpKind;

import java.util.List;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The {@linkplain Bursts bursts} rhythm: burst k is released at S(k), all of its ops intended at S(k);
 * W(k) is the first moment at or after S(k) when pending (ops of released bursts not yet completed)
 * is at most the limit; S(k+1) = W(k) + delay. Ops are handed out one at a time, as workers free up,
 * so an op that waits for a worker is late by that much and its sojourn latency says so.
 *
 * <p>Completions are learned without a callback: a worker claims its next op only after its previous
 * batch has returned (or failed for good), and its {@link Batch} still holds that batch when it
 * claims, so each claim first counts {@code batch.size()} ops as completed.
 *
 * <p>The phase ends at the end time, once {@code maxOps} ops of the measured window are released (the
 * last burst may then be partial), or when stopped. Kinds are chosen per op from the weights, seeded by the op's global index.
 *
 * <p>Threading: {@link #claim} serialises claimers on one lock; a claimer waiting for pending to fall
 * waits on a condition (releasing the lock), one waiting for the next burst's start paces holding it.
 * {@link #lagNanos} reads a volatile.
 */
final class BurstDispatcher implements Dispatcher {

    private static final long UNKNOWN = Long.MAX_VALUE;
    /** Waiters re-check for a stop request this often. */
    private static final long MAX_WAIT_NANOS = 10_000_000;

    private final ReentrantLock lock = new ReentrantLock();
    private final Condition pendingFell = lock.newCondition();
    /** How the head claimer waits for a burst's start. */
    private final Pacer pacer;
    private final KindChooser kindChooser;
    private final int size;
    private final long delayNanos;
    private final int limit;
    private final long maxOps;
    private final long windowStartNanos;
    private final long endNanos;
    private final long[] nextIndexOfKind;
    private final long[] claimedInWindow;
    private long released;       // ops of bursts released so far
    private long releasedInWindow;
    private long claimed;        // ops handed to workers
    private long completed;      // ops whose worker has come back for more
    private long burstStartNanos;
    private long nextBurstNanos = UNKNOWN;
    private volatile long oldestUnclaimedNanos = Long.MAX_VALUE;
    /** Released ops not yet claimed, published for the reporting thread (which must not wait on the lock). */
    private volatile long waiting;
    private volatile boolean stopped;

    /** @param pacer how the head claimer waits for a burst's start ({@link Pacer}) */
    BurstDispatcher(List<OpKind> kinds, Bursts bursts, long maxOps, long seed,
                    long startNanos, long windowStartNanos, long endNanos, Pacer pacer) {
        this.pacer = pacer;
        this.kindChooser = new KindChooser(kinds, seed);
        this.size = bursts.size();
        this.delayNanos = bursts.delay().toNanos();
        this.limit = bursts.limit();
        this.maxOps = maxOps > 0 ? maxOps : Long.MAX_VALUE;
        this.windowStartNanos = windowStartNanos;
        this.endNanos = endNanos;
        this.nextIndexOfKind = new long[kinds.size()];
        this.claimedInWindow = new long[kinds.size()];
        this.nextBurstNanos = startNanos;
    }

    @Override
    public boolean claim(Batch batch) {
        lock.lock();
        try {
            completed += batch.size();
            noticePendingFell(System.nanoTime());
            while (!stopped) {
                if (claimed < released) {
                    take(batch);
                    return true;
                }
                if (releasedInWindow >= maxOps) {
                    return false;
                }
                if (nextBurstNanos == UNKNOWN) {
                    pendingFell.awaitNanos(MAX_WAIT_NANOS);
                    continue;
                }
                if (nextBurstNanos >= endNanos) {
                    return false;
                }
                if (!pacer.awaitUntil(nextBurstNanos, () -> stopped)) {
                    return false;
                }
                release();
            }
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        } finally {
            lock.unlock();
        }
    }

    private void release() {
        burstStartNanos = nextBurstNanos;
        if (burstStartNanos >= windowStartNanos) {
            long n = Math.min(size, maxOps - releasedInWindow);
            releasedInWindow += n;
            released += n;
        } else {
            released += size;
        }
        oldestUnclaimedNanos = burstStartNanos;
        waiting = released - claimed;
        nextBurstNanos = UNKNOWN;
        noticePendingFell(burstStartNanos);
    }

    /** W(k) is the first moment pending is within the limit once burst k is out; then S(k+1) is known. */
    private void noticePendingFell(long nowNanos) {
        if (nextBurstNanos == UNKNOWN && released - completed <= limit) {
            nextBurstNanos = nowNanos + delayNanos;
            pendingFell.signalAll();
        }
    }

    private void take(Batch batch) {
        long index = claimed++;
        waiting = released - claimed;
        int kind = kindChooser.kindOf(index);
        batch.clear(kind);
        batch.add(nextIndexOfKind[kind]++, burstStartNanos);
        if (burstStartNanos >= windowStartNanos) {
            claimedInWindow[kind]++;
        }
        if (claimed == released) {
            oldestUnclaimedNanos = Long.MAX_VALUE;
        }
    }

    @Override
    public void stop() {
        stopped = true;
    }

    @Override
    public long waitingOps(long nowNanos) {
        return waiting;
    }

    @Override
    public long lagNanos(long nowNanos) {
        long oldest = oldestUnclaimedNanos;
        return oldest == Long.MAX_VALUE ? 0 : Math.max(0, nowNanos - oldest);
    }

    @Override
    public long lastIntendedInWindowNanos() {
        lock.lock();
        try {
            return releasedInWindow > 0 ? burstStartNanos : 0;
        } finally {
            lock.unlock();
        }
    }

    @Override
    public long[] generatedInWindow(long untilNanos) {
        lock.lock();
        try {
            long[] generated = claimedInWindow.clone();
            // Released but never claimed (the run was stopped): offered all the same, and all released
            // before the stop. At most the pending limit plus one burst: bounded by the settings, not the
            // run's length or rate (a new burst waits until pending is within the limit).
            for (long i = claimed; i < released; i++) {
                if (burstStartNanos >= windowStartNanos) {
                    generated[kindChooser.kindOf(i)]++;
                }
            }
            return generated;
        } finally {
            lock.unlock();
        }
    }
}
