package dev.bench.core.metrics;

import org.HdrHistogram.Histogram;
import org.HdrHistogram.IntervalHistogramProvider;
import org.HdrHistogram.Recorder;
import org.HdrHistogram.SingleWriterRecorder;
import org.HdrHistogram.ValueRecorder;

/**
 * One worker's latency recorders for one op kind: sojourn (completion − intended start, which counts
 * the time an op waited for a worker) and service (completion − send, what the backend took).
 * Ops intended before the measured window go to separate warmup recorders, so warmup shows in live
 * progress but never in the results, exactly at the window's edge.
 *
 * <p>Values are nanoseconds, 3 significant digits, auto-resizing (a rare larger value grows the
 * histogram once; steady recording allocates nothing).
 *
 * <p>Memory: each recorder holds two histograms of ~16 KB, growing to ~140 KB once latencies reach
 * tens of ms and ~170 KB at seconds (a shared recorder's concurrent histograms twice that), and a
 * worker needs four recorders per kind. So up to {@value #MAX_SETS} workers each get a set of their
 * own; beyond that, workers share {@value #MAX_SETS} sets (worker i uses set i % {@value #MAX_SETS}),
 * and memory stays the same however many workers there are: ~210 MB for TAOBench's 1024 threads x 13
 * kinds at 40 ms (ThousandWorkersTest), where a set per worker would need ~15 GB (computed from
 * HdrHistogram's footprints). Packed histograms would be smaller, but their concurrent form
 * livelocked under eight writers here.
 *
 * <p>Threading: a set of one's own is single-writer (wait-free): {@link #record} only from the owning
 * worker thread. A shared set is multi-writer (HdrHistogram's {@link Recorder}: a few atomic
 * increments per value, still allocation-free): {@link #record} from any of its workers. Everything
 * else only from the one reporting thread.
 */
public final class KindRecorder {

    static final int SIGNIFICANT_DIGITS = 3;
    /** Workers up to this many record alone; more share this many recorder sets. */
    public static final int MAX_SETS = 8;

    private final Pair measured;
    private final Pair warmup;

    /** @param shared whether several worker threads will record into this one concurrently */
    public KindRecorder(boolean shared) {
        this.measured = new Pair(shared);
        this.warmup = new Pair(shared);
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
        Pair pair = inWindow ? measured : warmup;
        pair.sojourn.recordValue(Math.max(0, sojournNanos));
        pair.service.recordValue(Math.max(0, serviceNanos));
    }

    /** Moves what was recorded since the last call into the given histograms. */
    void drainInto(Histogram measuredSojourn, Histogram measuredService,
                   Histogram warmupSojourn, Histogram warmupService) {
        measured.drainInto(measuredSojourn, measuredService);
        warmup.drainInto(warmupSojourn, warmupService);
    }

    private static final class Pair {
        final ValueRecorder sojourn;
        final ValueRecorder service;
        final IntervalHistogramProvider<Histogram> sojournIntervals;
        final IntervalHistogramProvider<Histogram> serviceIntervals;
        Histogram sojournRecycle;
        Histogram serviceRecycle;

        Pair(boolean shared) {
            if (shared) {
                Recorder s = new Recorder(SIGNIFICANT_DIGITS);
                Recorder v = new Recorder(SIGNIFICANT_DIGITS);
                sojourn = s;
                sojournIntervals = s;
                service = v;
                serviceIntervals = v;
            } else {
                SingleWriterRecorder s = new SingleWriterRecorder(SIGNIFICANT_DIGITS);
                SingleWriterRecorder v = new SingleWriterRecorder(SIGNIFICANT_DIGITS);
                sojourn = s;
                sojournIntervals = s;
                service = v;
                serviceIntervals = v;
            }
        }

        void drainInto(Histogram sojournOut, Histogram serviceOut) {
            sojournRecycle = sojournIntervals.getIntervalHistogram(sojournRecycle);
            serviceRecycle = serviceIntervals.getIntervalHistogram(serviceRecycle);
            sojournOut.add(sojournRecycle);
            serviceOut.add(serviceRecycle);
        }
    }
}
