package dev.bench.core.engine;

import dev.bench.core.Batch;
import dev.bench.core.OpKind;

import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.concurrent.locks.LockSupport;

/**
 * Closed loop: each worker's next op starts when its previous one returns, until the end time or,
 * with an op count, until that many ops have started inside the measured window.
 * An op's kind is drawn from the weights with a generator seeded by its global index, so the sequence
 * of kinds is fixed by the seed (which worker gets which op is not); with a mix per segment, the
 * weights are those of the segment the op starts in.
 *
 * <p>Threading: lock-free; {@link #claim} from any number of workers.
 */
final class ClosedLoopDispatcher implements Dispatcher {


    private final KindChooser kindChooser;
    private final long startNanos;
    private final long windowStartNanos;
    private final long endNanos;
    private final AtomicLong nextIndex = new AtomicLong();
    private final AtomicLong[] nextIndexOfKind;
    private final AtomicLongArray claimedInWindow;
    /** Ops still to start inside the window when a count bounds the phase; else Long.MAX_VALUE. */
    private final AtomicLong remainingInWindow;
    private final AtomicLong lastIntendedInWindowNanos = new AtomicLong();
    private volatile boolean stopped;

    /**
     * @param startNanos no op starts before this (workers start early; a multi-client run's agreed instant)
     */
    ClosedLoopDispatcher(List<OpKind> kinds, KindChooser kindChooser, long startNanos, long windowStartNanos, long endNanos,
                         long maxOps) {
        this.startNanos = startNanos;
        this.kindChooser = kindChooser;
        this.windowStartNanos = windowStartNanos;
        this.endNanos = endNanos;
        this.nextIndexOfKind = new AtomicLong[kinds.size()];
        for (int k = 0; k < kinds.size(); k++) {
            nextIndexOfKind[k] = new AtomicLong();
        }
        this.claimedInWindow = new AtomicLongArray(kinds.size());
        this.remainingInWindow = new AtomicLong(maxOps > 0 ? maxOps : Long.MAX_VALUE);
    }

    @Override
    public boolean claim(Batch batch) {
        long now = awaitStart();
        if (stopped || now >= endNanos) {
            return false;
        }
        boolean inWindow = now >= windowStartNanos;
        if (inWindow && remainingInWindow.getAndDecrement() <= 0) {
            return false;
        }
        int kind = kindChooser.kindOf(nextIndex.getAndIncrement(), now);
        batch.clear(kind);
        batch.add(nextIndexOfKind[kind].getAndIncrement(), now);
        if (inWindow) {
            lastIntendedInWindowNanos.accumulateAndGet(now, Math::max);
            claimedInWindow.incrementAndGet(kind);
        }
        return true;
    }

    /** Before the start an op would count as warmup even with no warmup asked for: wait for it. */
    private long awaitStart() {
        long now = System.nanoTime();
        while (now - startNanos < 0 && !stopped) {
            LockSupport.parkNanos(startNanos - now);
            now = System.nanoTime();
        }
        return now;
    }

    @Override
    public void stop() {
        stopped = true;
    }

    @Override
    public long lagNanos(long nowNanos) {
        return 0; // nothing ever waits for a worker in a closed loop
    }

    @Override
    public long waitingOps(long nowNanos) {
        return 0;
    }

    @Override
    public long lastIntendedInWindowNanos() {
        return lastIntendedInWindowNanos.get();
    }

    @Override
    public long[] generatedInWindow(long untilNanos) {
        long[] generated = new long[claimedInWindow.length()];
        for (int k = 0; k < generated.length; k++) {
            generated[k] = claimedInWindow.get(k);
        }
        return generated;
    }
}
