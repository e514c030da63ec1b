package dev.bench.workloads.tpcc;

import java.util.concurrent.atomic.AtomicLongArray;
import java.util.concurrent.atomic.LongAdder;

/**
 * sysbench's statement counts and per-thread fairness figures, which the engine does not keep: a
 * statement returning rows is a read, one changing rows a write, anything else (BEGIN, COMMIT,
 * ROLLBACK, an update that hit nothing) other. Counts include statements of attempts that were
 * retried, as sysbench's do, and leave out warmup ops, as the engine does.
 *
 * <p>Threading: the adders from any worker; each worker writes only its own slot of the arrays.
 */
public final class QueryCounters {

    private final LongAdder reads = new LongAdder();
    private final LongAdder writes = new LongAdder();
    private final LongAdder others = new LongAdder();
    private final AtomicLongArray events;
    private final AtomicLongArray busyNanos;

    QueryCounters(int workers) {
        this.events = new AtomicLongArray(workers);
        this.busyNanos = new AtomicLongArray(workers);
    }

    void read() {
        reads.increment();
    }

    void wrote(long rows) {
        if (rows > 0) {
            writes.increment();
        } else {
            others.increment();
        }
    }

    void other() {
        others.increment();
    }

    void event(int worker, long nanos) {
        if (worker < events.length()) {
            events.incrementAndGet(worker);
            busyNanos.addAndGet(worker, nanos);
        }
    }

    public long reads() {
        return reads.sum();
    }

    public long writes() {
        return writes.sum();
    }

    public long others() {
        return others.sum();
    }

    public long total() {
        return reads() + writes() + others();
    }

    /** Events each worker completed after any warmup. */
    public long[] eventsPerWorker() {
        long[] e = new long[events.length()];
        for (int i = 0; i < e.length; i++) {
            e[i] = events.get(i);
        }
        return e;
    }

    /** Seconds each worker spent in transactions. */
    public double[] secondsPerWorker() {
        double[] s = new double[busyNanos.length()];
        for (int i = 0; i < s.length; i++) {
            s[i] = busyNanos.get(i) / 1e9;
        }
        return s;
    }
}
