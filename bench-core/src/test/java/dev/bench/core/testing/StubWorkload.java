package dev.bench.core.testing;

import dev.bench.core.Batch;
import dev.bench.core.OpKind;
import dev.bench.core.Session;
import dev.bench.core.Workload;

import java.util.List;

/**
 * A backend whose behaviour is known in advance, for testing what the engine claims: each call takes
 * exactly {@code serviceNanos} (spinning, so the OS timer can't add to it), and optionally the whole
 * backend stalls once, for everyone, like a server pausing for a checkpoint or a GC.
 */
public class StubWorkload implements Workload {

    private final List<OpKind> kinds;
    private final long serviceNanos;
    private volatile long stallFromNanos = Long.MAX_VALUE;
    private volatile long stallUntilNanos = Long.MIN_VALUE;

    public StubWorkload(List<OpKind> kinds, long serviceNanos) {
        this.kinds = kinds;
        this.serviceNanos = serviceNanos;
    }

    public static StubWorkload fixed(long serviceNanos) {
        return new StubWorkload(List.of(new OpKind("op", 1, 1)), serviceNanos);
    }

    /** Every call that starts between {@code fromNanos} and {@code fromNanos + stallNanos} returns only after it. */
    public void stallOnce(long fromNanos, long stallNanos) {
        this.stallFromNanos = fromNanos;
        this.stallUntilNanos = fromNanos + stallNanos;
    }

    @Override
    public List<OpKind> kinds() {
        return kinds;
    }

    @Override
    public Session openSession(int workerIndex) {
        return this::execute;
    }

    protected void execute(Batch batch) {
        long start = System.nanoTime();
        if (start >= stallFromNanos && start < stallUntilNanos) {
            spinUntil(stallUntilNanos);
            start = System.nanoTime();
        }
        onBatch(batch);
        if (serviceNanos > 0) {
            spinUntil(start + serviceNanos);
        }
    }

    /** Hook for tests that look at what was executed. */
    protected void onBatch(Batch batch) {
    }

    private static void spinUntil(long deadline) {
        while (System.nanoTime() - deadline < 0) {
            Thread.onSpinWait();
        }
    }
}
