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
 * <p>Threading: {@link #record} only from the owning worker thread (single writer, wait-free);
 * everything else only from the one reporting thread.
 */
public final class KindRecorder {

    static final int SIGNIFICANT_DIGITS = 3;

    private final Pair measured = new Pair();
    private final Pair warmup = new Pair();

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
        final SingleWriterRecorder sojourn = new SingleWriterRecorder(SIGNIFICANT_DIGITS);
        final SingleWriterRecorder service = new SingleWriterRecorder(SIGNIFICANT_DIGITS);
        Histogram sojournRecycle;
        Histogram serviceRecycle;

        void drainInto(Histogram sojournOut, Histogram serviceOut) {
            sojournRecycle = sojourn.getIntervalHistogram(sojournRecycle);
            serviceRecycle = service.getIntervalHistogram(serviceRecycle);
            sojournOut.add(sojournRecycle);
            serviceOut.add(serviceRecycle);
        }
    }
}
