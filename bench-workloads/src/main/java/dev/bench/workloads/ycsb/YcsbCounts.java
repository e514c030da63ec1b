package dev.bench.workloads.ycsb;

import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;

/**
 * What the clients were told, for the after-run check: inserts acknowledged, the keys of inserts whose
 * outcome is unknown (the call failed and no retry of it succeeded: the row may or may not be there), and
 * with dataintegrity the reads verified. In-doubt inserts are kept by key, so the check can look each up
 * and count exactly how many landed; a retry that succeeds takes its keys out again.
 *
 * <p>Threading: any thread.
 */
public final class YcsbCounts {

    private final LongAdder insertsAcknowledged = new LongAdder();
    private final Set<String> inDoubtKeys = ConcurrentHashMap.newKeySet();
    private final LongAdder verified = new LongAdder();
    private final LongAdder verifyFailed = new LongAdder();

    /** @param verified reads whose values matched; verifyFailed: reads with a value that did not, or none */
    public record Snapshot(long insertsAcknowledged, long insertsInDoubt, long verified, long verifyFailed) {
    }

    /** The first {@code rows} of {@code keys} were inserted and the call said so. */
    void acknowledged(String[] keys, int rows) {
        insertsAcknowledged.add(rows);
        if (!inDoubtKeys.isEmpty()) {
            for (int r = 0; r < rows; r++) {
                inDoubtKeys.remove(keys[r]); // a retry of an in-doubt insert: its outcome is known now
            }
        }
    }

    /** The insert call of the first {@code rows} of {@code keys} failed: they may or may not be there. */
    void inDoubt(String[] keys, int rows) {
        for (int r = 0; r < rows; r++) {
            inDoubtKeys.add(keys[r]);
        }
    }

    /** Whether an earlier attempt of the insert of {@code key} failed in doubt (cheap while none did). */
    boolean isInDoubt(String key) {
        return !inDoubtKeys.isEmpty() && inDoubtKeys.contains(key);
    }

    void verification(boolean ok) {
        (ok ? verified : verifyFailed).increment();
    }

    /** The keys of inserts in doubt, for the check to look up. */
    public List<String> inDoubtKeys() {
        return List.copyOf(inDoubtKeys);
    }

    public Snapshot snapshot() {
        return new Snapshot(insertsAcknowledged.sum(), inDoubtKeys.size(), verified.sum(), verifyFailed.sum());
    }
}
