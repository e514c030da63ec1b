package dev.bench.workloads.ycsb;

import java.util.concurrent.atomic.LongAdder;

/**
 * What the clients were told, for the after-run check: inserts acknowledged, inserts whose outcome is
 * unknown (the call failed: the row may or may not be there), and with dataintegrity the reads verified.
 *
 * <p>Threading: any thread.
 */
public final class YcsbCounts {

    private final LongAdder insertsAcknowledged = new LongAdder();
    private final LongAdder insertsInDoubt = new LongAdder();
    private final LongAdder verified = new LongAdder();
    private final LongAdder verifyFailed = new LongAdder();

    /** @param verified reads whose values matched; verifyFailed: reads with a value that did not, or none */
    public record Snapshot(long insertsAcknowledged, long insertsInDoubt, long verified, long verifyFailed) {
    }

    void acknowledged(int rows) {
        insertsAcknowledged.add(rows);
    }

    void inDoubt(int rows) {
        insertsInDoubt.add(rows);
    }

    void verification(boolean ok) {
        (ok ? verified : verifyFailed).increment();
    }

    public Snapshot snapshot() {
        return new Snapshot(insertsAcknowledged.sum(), insertsInDoubt.sum(), verified.sum(), verifyFailed.sum());
    }
}
