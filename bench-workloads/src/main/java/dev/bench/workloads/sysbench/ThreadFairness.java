package dev.bench.workloads.sysbench;

import dev.bench.core.Batch;

import java.util.concurrent.atomic.AtomicLongArray;

/**
 * Per-worker event counts and summed event time, for sysbench's "Threads fairness" lines. Like the
 * statement counts, only measured events are recorded. An event's time is its latency, from its
 * intended start to its end, attempts that failed and were re-run (and reconnects) included: sysbench
 * times an event across its restarts (and, with --rate, its queue wait), so the execution times add up
 * to the latency sum.
 *
 * <p>Threading: slot i is written only by worker i's session (a reconnect opens the next session on
 * the same thread), with release stores (a plain store on x86), so that a checkpoint report reads
 * whole values mid-run; {@link #events()} and {@link #seconds()} are exact after the run, once the
 * engine has joined the workers.
 */
public final class ThreadFairness {

    private final AtomicLongArray events;
    private final AtomicLongArray nanos;

    public ThreadFairness(int workers) {
        this.events = new AtomicLongArray(workers);
        this.nanos = new AtomicLongArray(workers);
    }

    /** A measured event that just completed on {@code worker}'s session; warmup events are left out. */
    public void completed(int worker, Batch event) {
        if (event.isMeasured(0)) {
            record(worker, System.nanoTime() - event.intendedNanos(0));
        }
    }

    public void record(int worker, long eventNanos) {
        if (worker < events.length()) { // sessions opened outside the run's workers are not threads of its
            events.setRelease(worker, events.getPlain(worker) + 1); // one writer per slot: no read-modify-write needed
            nanos.setRelease(worker, nanos.getPlain(worker) + eventNanos);
        }
    }

    public double[] events() {
        double[] e = new double[events.length()];
        for (int i = 0; i < e.length; i++) {
            e[i] = events.getAcquire(i);
        }
        return e;
    }

    public double[] seconds() {
        double[] s = new double[nanos.length()];
        for (int i = 0; i < s.length; i++) {
            s[i] = nanos.getAcquire(i) / 1e9;
        }
        return s;
    }
}
