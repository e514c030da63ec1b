package dev.bench.workloads.ycsb;

import java.util.BitSet;

/**
 * The run's inserted record numbers, as YCSB's acknowledged counter keeps them: {@link #last} is the
 * highest number below which every insert has finished (acknowledged, or given up on), so readers
 * never pick a key whose insert is still under way. Inserts finish out of order; numbers above the
 * first gap wait in a bit set until the gap closes.
 *
 * <p>Threading: {@link #last} from any thread (a volatile read); {@link #acknowledge} from any thread,
 * serialised by a lock (inserts are a few percent of the ops).
 */
public final class AcknowledgedCounter {

    /** YCSB's window: more finished inserts than this beyond a gap is a stuck insert. */
    static final int WINDOW = 1 << 20;

    private volatile long last;
    private final BitSet finished = new BitSet();

    /** @param start the first number handed out; {@link #last} starts just below it */
    public AcknowledgedCounter(long start) {
        this.last = start - 1;
    }

    public long last() {
        return last;
    }

    /** Marks {@code value}'s insert finished (again is harmless). */
    public synchronized void acknowledge(long value) {
        long offset = value - last - 1;
        if (offset < 0) {
            return;
        }
        if (offset >= WINDOW) {
            throw new IllegalStateException("too many unacknowledged insert keys: " + value + " is "
                    + offset + " past the first unfinished one");
        }
        finished.set((int) offset);
        int contiguous = finished.nextClearBit(0);
        if (contiguous > 0) {
            BitSet rest = finished.get(contiguous, Math.max(contiguous, finished.length()));
            finished.clear();
            finished.or(rest);
            last += contiguous;
        }
    }
}
