package dev.bench.workloads.sysbench;

import dev.bench.core.Batch;

import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.AtomicLongArray;

/**
 * Per-worker event counts and summed event time, for sysbench's "Threads fairness" lines. Like the
 * statement counts, only measured events are recorded. An event's time is its latency, from its
 * intended start to its end, attempts that failed and were re-run (and reconnects) included: sysbench
 * times an event across its restarts (and, with --rate, its queue wait), so the execution times add up
 * to the latency sum.
 *
 * <p>With --report-checkpoints the counts are also kept as they stood at each checkpoint's moment
 * ({@link #cutAt}), whenever the report gets to read them: the reporting thread may run a good while
 * after that moment (100 ms or more at a run's first interval here, with its code still cold), and the
 * workers go on meanwhile.
 *
 * <p>Threading: slot i is written only by worker i's session (a reconnect opens the next session on
 * the same thread), with release stores (a plain store on x86), so that a checkpoint report reads
 * whole values mid-run; {@link #events()} and {@link #seconds()} are exact after the run, once the
 * engine has joined the workers. {@link #cutAt} is called before the workers start.
 */
public final class ThreadFairness {

    private final AtomicLongArray events;
    private final AtomicLongArray nanos;
    /** The checkpoints' moments, ns from the measured window's start, ascending; none by default. */
    private long[] cuts = new long[0];
    /** [cut][worker]: the worker's counts before its first event that ended at or after the cut. */
    private long[][] eventsAtCut = new long[0][];
    private long[][] nanosAtCut = new long[0][];
    /** Per worker: how many cuts its events have passed; raised (release) after it wrote those cuts' counts. */
    private final AtomicIntegerArray passed;

    public ThreadFairness(int workers) {
        this.events = new AtomicLongArray(workers);
        this.nanos = new AtomicLongArray(workers);
        this.passed = new AtomicIntegerArray(workers);
    }

    /**
     * Keeps the counts as they stand at these moments, for {@link #at}; before the workers start.
     *
     * @param nanosFromWindowStart ascending, from the measured window's start
     */
    public void cutAt(long[] nanosFromWindowStart) {
        cuts = nanosFromWindowStart.clone();
        eventsAtCut = new long[cuts.length][events.length()];
        nanosAtCut = new long[cuts.length][events.length()];
    }

    /** A measured event that just completed on {@code worker}'s session; warmup events are left out. */
    public void completed(int worker, Batch event) {
        if (event.isMeasured(0)) {
            long done = System.nanoTime();
            long start = event.windowStartNanos();
            record(worker, start == Long.MIN_VALUE ? Long.MIN_VALUE : done - start, done - event.intendedNanos(0));
        }
    }

    public void record(int worker, long eventNanos) {
        record(worker, Long.MIN_VALUE, eventNanos);
    }

    /** @param doneFromWindowStart when the event ended, ns from the window's start; {@code Long.MIN_VALUE}: before any cut */
    void record(int worker, long doneFromWindowStart, long eventNanos) {
        if (worker < events.length()) { // sessions opened outside the run's workers are not threads of its
            int p = passed.getPlain(worker);
            while (p < cuts.length && doneFromWindowStart >= cuts[p]) {
                eventsAtCut[p][worker] = events.getPlain(worker);
                nanosAtCut[p][worker] = nanos.getPlain(worker);
                passed.setRelease(worker, ++p);
            }
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

    /**
     * Each worker's events and seconds as they stood at cut {@code cut} ({@link #cutAt}), read at or after
     * its moment: {events, seconds}. A worker none of whose events ended after the cut counts what it has
     * now. Its counts are read before whether it passed the cut: an event it counted after the cut is
     * seen only with its passing, which sends this to the counts kept at the cut. No such cut: what they
     * have now.
     */
    public double[][] at(int cut) {
        if (cut >= cuts.length) {
            return new double[][] {events(), seconds()};
        }
        double[] e = new double[events.length()];
        double[] s = new double[e.length];
        for (int i = 0; i < e.length; i++) {
            long nanosNow = nanos.getAcquire(i);
            long eventsNow = events.getAcquire(i);
            boolean kept = passed.getAcquire(i) > cut;
            e[i] = kept ? eventsAtCut[cut][i] : eventsNow;
            s[i] = (kept ? nanosAtCut[cut][i] : nanosNow) / 1e9;
        }
        return new double[][] {e, s};
    }
}
