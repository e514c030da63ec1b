package dev.bench.core.metrics;

import java.util.concurrent.atomic.LongAdder;

/**
 * Outcome counts of one op kind within the measured window, shared by all workers.
 * Successes are not counted here: they are the histograms' total counts.
 *
 * <p>Threading: increments from any worker (striped adders, no contention); reads from any thread.
 */
public final class KindCounters {

    final LongAdder rejected = new LongAdder();
    final LongAdder failed = new LongAdder();
    final LongAdder retries = new LongAdder();
    final LongAdder reconnects = new LongAdder();

    public void rejected(int ops) {
        rejected.add(ops);
    }

    public void failed(int ops) {
        failed.add(ops);
    }

    public void retried() {
        retries.increment();
    }

    public void reconnected() {
        reconnects.increment();
    }

    /** A consistent-enough reading for reports: each adder is summed once. */
    public Outcomes read() {
        return new Outcomes(rejected.sum(), failed.sum(), retries.sum(), reconnects.sum());
    }
}
