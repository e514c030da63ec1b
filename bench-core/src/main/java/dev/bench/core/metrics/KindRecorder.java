package dev.bench.core.metrics;

import org.HdrHistogram.Histogram;
import org.HdrHistogram.SingleWriterRecorder;

/**
 * One worker's latency recorders for one op kind: sojourn (completion − intended start, which counts
 * the time an op waited for a worker) and service (completion − send, what the backend took).
 * Ops intended before the measured window go to separate warmup recorders, so warmup shows in live
 * progress but never in the results, exactly at the window's edge.
 *
 * <p>Values are nanoseconds, 3 significant digits, auto-resizing (a rare larger value grows the
 * histogram once; steady recording allocates nothing).
 *
 * <p>Memory: each recorder holds two histograms of ~16 KB, growing to ~150 KB once latencies reach
 * tens of ms and ~170 KB at seconds, and a worker needs four recorders per kind. So up to
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

    private final Pair measured;
    private final Pair warmup;

    /** @param shared whether several worker threads will record into this one concurrently */
    public KindRecorder(boolean shared) {
        this.measured = shared ? new LockedPair() : new SingleWriterPair();
        this.warmup = shared ? new LockedPair() : new SingleWriterPair();
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

    public void record(long sojournNanos, long serviceNanos, boolean inWindow) {
        (inWindow ? measured : warmup).record(Math.max(0, sojournNanos), Math.max(0, serviceNanos));
    }

    /** Moves what was recorded since the last call into the given histograms. */
    void drainInto(Histogram measuredSojourn, Histogram measuredService,
                   Histogram warmupSojourn, Histogram warmupService) {
        measured.drainInto(measuredSojourn, measuredService);
        warmup.drainInto(warmupSojourn, warmupService);
    }

    /** Sojourn and service recorded together, drained together. */
    private interface Pair {
        void record(long sojourn, long service);

        void drainInto(Histogram sojournOut, Histogram serviceOut);
    }

    private static final class SingleWriterPair implements Pair {
        final SingleWriterRecorder sojourn = new SingleWriterRecorder(SIGNIFICANT_DIGITS);
        final SingleWriterRecorder service = new SingleWriterRecorder(SIGNIFICANT_DIGITS);
        Histogram sojournRecycle;
        Histogram serviceRecycle;

        @Override
        public void record(long sojournValue, long serviceValue) {
            sojourn.recordValue(sojournValue);
            service.recordValue(serviceValue);
        }

        @Override
        public void drainInto(Histogram sojournOut, Histogram serviceOut) {
            sojournRecycle = sojourn.getIntervalHistogram(sojournRecycle);
            serviceRecycle = service.getIntervalHistogram(serviceRecycle);
            sojournOut.add(sojournRecycle);
            serviceOut.add(serviceRecycle);
        }
    }

    /**
     * Writers record under the pair's lock; the reporter swaps in the spare histograms under it and
     * reads the old ones outside it (the lock's release orders every earlier write before the read).
     */
    private static final class LockedPair implements Pair {
        private Histogram sojourn = new Histogram(SIGNIFICANT_DIGITS);
        private Histogram service = new Histogram(SIGNIFICANT_DIGITS);
        /** Touched only by the reporter. */
        private Histogram spareSojourn = new Histogram(SIGNIFICANT_DIGITS);
        private Histogram spareService = new Histogram(SIGNIFICANT_DIGITS);

        @Override
        public synchronized void record(long sojournValue, long serviceValue) {
            sojourn.recordValue(sojournValue);
            service.recordValue(serviceValue);
        }

        @Override
        public void drainInto(Histogram sojournOut, Histogram serviceOut) {
            Histogram fullSojourn;
            Histogram fullService;
            synchronized (this) {
                fullSojourn = sojourn;
                fullService = service;
                sojourn = spareSojourn;
                service = spareService;
            }
            sojournOut.add(fullSojourn);
            serviceOut.add(fullService);
            fullSojourn.reset();
            fullService.reset();
            spareSojourn = fullSojourn;
            spareService = fullService;
        }
    }
}
