package dev.bench.core.metrics;

import java.util.concurrent.atomic.LongAdder;

/**
 * Outcome counts of one op kind within the measured window that are not completions, shared by all
 * workers. Completions and rejections (completions that were expected refusals) are counted with the
 * op's latencies ({@link KindRecorder}), so they fall in the same interval as its histogram values.
 *
 * <p>Threading: increments from any worker (striped adders, no contention); reads from any thread.
 */
public final class KindCounters {

    final LongAdder failed = new LongAdder();
    final LongAdder retries = new LongAdder();
    final LongAdder reconnects = new LongAdder();

    public void failed(int ops) {
        failed.add(ops);
    }

    public void retried() {
        retries.increment();
    }

    public void reconnected() {
        reconnects.increment();
    }

    /** A consistent-enough reading for reports: each adder is summed once; rejected is 0 (see above). */
    public Outcomes read() {
        return new Outcomes(0, failed.sum(), retries.sum(), reconnects.sum());
    }
}
