package dev.bench.workloads.tao;

import java.util.concurrent.atomic.LongAdder;

/**
 * What the client was told during one experiment: rows added and deleted (for the after-run check),
 * writes whose commit was in doubt, and per op kind the requests that found nothing (a read miss, or a
 * write whose row was gone or whose guard refused it) within the measured window.
 *
 * <p>Threading: increments from any worker; reads from any thread.
 */
final class TaoCounters {

    final LongAdder edgesAdded = new LongAdder();
    final LongAdder edgesDeleted = new LongAdder();
    final LongAdder objectsAdded = new LongAdder();
    final LongAdder objectsDeleted = new LongAdder();
    /** Edge rows added or deleted by writes whose connection broke before the commit was confirmed. */
    final LongAdder edgesInDoubt = new LongAdder();
    final LongAdder objectsInDoubt = new LongAdder();
    /** The keys of the adds acknowledged, to name lost ones (empty when the counts come from summary.json). */
    final TaoAdds adds = new TaoAdds();
    private final LongAdder[] misses = new LongAdder[TaoOp.values().length];

    TaoCounters() {
        for (int i = 0; i < misses.length; i++) {
            misses[i] = new LongAdder();
        }
    }

    void missed(TaoOp op, long n) {
        misses[op.ordinal()].add(n);
    }

    long misses(TaoOp op) {
        return misses[op.ordinal()].sum();
    }

    long readMisses() {
        long sum = misses(TaoOp.READ_TXN);
        for (TaoOp op : TaoOp.READS) {
            sum += misses(op);
        }
        return sum;
    }

    long writeNoops() {
        long sum = misses(TaoOp.WRITE_TXN);
        for (TaoOp op : TaoOp.WRITES) {
            sum += misses(op);
        }
        return sum;
    }
}
