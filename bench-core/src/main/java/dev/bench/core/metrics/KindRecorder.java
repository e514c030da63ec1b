package dev.bench.core.metrics;

import dev.bench.core.Batch;
import org.HdrHistogram.WriterReaderPhaser;

/**
 * One worker's latency recorders for one op kind: sojourn (completion − intended start, which counts
 * the time an op waited for a worker) and service (completion − send, what the backend took).
 * Ops intended before the measured window go to separate warmup recorders, so warmup shows in live
 * progress but never in the results, exactly at the window's edge.
 *
 * <p>Values are nanoseconds, 3 significant digits, auto-resizing (a rare larger value grows the
 * histogram once; steady recording allocates nothing).
 *
 * <p>An op's sojourn, service and counts (completed, rejected) go into one interval together: the
 * reporter swaps them as one unit, so every interval's completed count equals both histograms' counts.
 *
 * <p>Memory: each of a kind's four latency streams (sojourn and service, measured and warmup) holds
 * two histograms (the active and the drained one) of ~16 KB, growing to ~150 KB once latencies reach
 * tens of ms and ~170 KB at seconds. So up to
 * {@value #MAX_SETS} workers each get a set of their own; beyond that, workers share
 * {@value #MAX_SETS} sets (worker i uses set i % {@value #MAX_SETS}), and memory stays the same
 * however many workers there are: ~110 MB for TAOBench's 1024 threads x 13 kinds at 40 ms
 * (ThousandWorkersTest), where a set per worker would need ~15 GB (computed from HdrHistogram's
 * footprints).
 *
 * <p>Why a lock for shared sets, not HdrHistogram's multi-writer {@code Recorder}: its interval flip
 * sleeps 0.5 ms whenever a writer is mid-record, which with a hundred writers is nearly always, and a
 * collect flips 4 recorders per kind and set. On an overloaded machine each such sleep lasted far
 * longer, and the reporter stalled for 20-56 s (seen with 128 and 1024 workers against PostgreSQL).
 * Packed concurrent histograms were smaller still but livelocked under eight writers.
 *
 * <p>Threading: a set of one's own is single-writer (wait-free): {@link #record} only from the owning
 * worker thread. A shared set takes a lock around each value pair (tens of ns held; the reporter
 * holds it only to swap histograms, never waits inside it): {@link #record} from any of its workers.
 * Everything else only from the one reporting thread. Recording allocates nothing (a histogram grows
 * once when a larger value first arrives).
 */
public final class KindRecorder {

    static final int SIGNIFICANT_DIGITS = 3;
    /** Workers up to this many record alone; more share this many recorder sets. */
    public static final int MAX_SETS = 8;

    /** Indexed by {@link Batch#phase}: warmup, measured. */
    private final Pair[] byPhase;

    /** @param shared whether several worker threads will record into this one concurrently */
    public KindRecorder(boolean shared) {
        this.byPhase = shared ? new Pair[] {new LockedPair(), new LockedPair()} : new Pair[] {new PhasedPair(), new PhasedPair()};
    }

    /**
     * The recorder sets for a phase, indexed [set][kind]: one per worker up to {@value #MAX_SETS}
     * workers, else {@value #MAX_SETS} shared ones. Worker i records into set {@code i % sets.length}.
     */
    public static KindRecorder[][] setsFor(int workers, int kinds) {
        boolean shared = workers > MAX_SETS;
        KindRecorder[][] sets = new KindRecorder[Math.min(workers, MAX_SETS)][kinds];
        for (KindRecorder[] set : sets) {
            for (int k = 0; k < kinds; k++) {
                set[k] = new KindRecorder(shared);
            }
        }
        return sets;
    }

    /**
     * One completed op: both latencies and the counts, into one interval together. The op's {@link Batch#phase}
     * picks the recorders as an index, so the worker's path has no branch on it.
     */
    public void record(long sojournNanos, long serviceNanos, int phase, boolean rejected) {
        byPhase[phase].record(Math.max(0, sojournNanos), Math.max(0, serviceNanos), rejected);
    }

    /** Moves what was recorded since the last call into the given tallies, each op whole. */
    void drainInto(Tally measuredOut, Tally warmupOut) {
        byPhase[Batch.MEASURED].drainInto(measuredOut);
        byPhase[Batch.WARMUP].drainInto(warmupOut);
    }

    /** An op's figures recorded together, drained together. */
    private interface Pair {
        void record(long sojourn, long service, boolean rejected);

        void drainInto(Tally out);
    }

    /**
     * One writer records into the active tally inside a {@link WriterReaderPhaser} critical section;
     * the reporter swaps tallies and flips the phase once for both histograms and the counts, so an op
     * recorded during the swap lands whole on one side (as {@code SingleWriterRecorder} does for its
     * one histogram; two recorders flipped one after the other split such an op between intervals).
     */
    private static final class PhasedPair implements Pair {
        /** How long the flip sleeps while the writer finishes an op of the old phase (tens of ns, unless descheduled). */
        private static final long FLIP_WAIT_NANOS = 50_000;
        private final WriterReaderPhaser phaser = new WriterReaderPhaser();
        private volatile Tally active = new Tally();
        /** Touched only by the reporter, under the phaser's reader lock. */
        private Tally inactive = new Tally();

        @Override
        public void record(long sojournValue, long serviceValue, boolean rejected) {
            long stamp = phaser.writerCriticalSectionEnter();
            try {
                active.record(sojournValue, serviceValue, rejected);
            } finally {
                phaser.writerCriticalSectionExit(stamp);
            }
        }

        @Override
        public void drainInto(Tally out) {
            phaser.readerLock();
            try {
                inactive.reset();
                Tally full = active;
                active = inactive;
                phaser.flipPhase(FLIP_WAIT_NANOS); // every op begun in the old tally is finished in it
                inactive = full;
                out.add(full);
            } finally {
                phaser.readerUnlock();
            }
        }
    }

    /**
     * Writers record under the pair's lock; the reporter swaps in the spare tally under it and reads
     * the old one outside it (the lock's release orders every earlier write before the read).
     */
    private static final class LockedPair implements Pair {
        private Tally active = new Tally();
        /** Touched only by the reporter. */
        private Tally spare = new Tally();

        @Override
        public synchronized void record(long sojournValue, long serviceValue, boolean rejected) {
            active.record(sojournValue, serviceValue, rejected);
        }

        @Override
        public void drainInto(Tally out) {
            Tally full;
            synchronized (this) {
                full = active;
                active = spare;
            }
            out.add(full);
            full.reset();
            spare = full;
        }
    }
}
