package dev.bench.core.engine;

import dev.bench.core.metrics.ClientCost;
import dev.bench.core.metrics.ClientCpu;
import dev.bench.core.metrics.GcPauses;
import org.HdrHistogram.Histogram;

import java.util.List;

/**
 * Measures {@link ClientCost} over a phase: CPU and GC pauses from the measured window's start (taken
 * by the supervisor when it reaches it) until the workers are done, the schedule's lag from the workers'
 * own histograms.
 *
 * <p>Threading: the engine's calling thread only.
 */
final class ClientCostMeter {

    private final long windowStartNanos;
    private ClientCpu.Sample startCpu;
    private long startNanos;
    private GcPauses gc;
    /** Reports that found the backlog late ({@link ClientCost#BOUND_BACKLOG_LAG_NANOS}), and the workers then in calls. */
    private long lateWorkers;
    private long lateBusy;

    ClientCostMeter(long windowStartNanos) {
        this.windowStartNanos = windowStartNanos;
    }

    /** Starts measuring once the window has started by {@code nowNanos}; the supervisor's wakes. */
    void startIfDue(long nowNanos) {
        if (nowNanos - windowStartNanos >= 0) {
            start();
        }
    }

    /** Starts measuring now, once: the window starts in a moment (a phase without warmup). */
    void start() {
        if (startCpu == null) {
            gc = GcPauses.start();
            startNanos = System.nanoTime();
            startCpu = ClientCpu.now();
        }
    }

    /** At a report in the window: the oldest waiting op was {@code lagNanos} late with {@code busy} of {@code workers} in a call. */
    void sawBacklog(long lagNanos, int busy, int workers) {
        if (startCpu != null && lagNanos >= ClientCost.BOUND_BACKLOG_LAG_NANOS) {
            lateWorkers += workers;
            lateBusy += busy;
        }
    }

    /** @return the cost since the start; null when the window never started (a stop during warmup) */
    ClientCost finish(long ops, List<Worker> workers, long backlogLagMaxNanos) {
        if (startCpu == null) {
            return null;
        }
        ClientCpu.Sample cpu = ClientCpu.now().minus(startCpu);
        long span = System.nanoTime() - startNanos;
        gc.close();
        Histogram lag = new Histogram(2);
        workers.forEach(w -> lag.add(w.times().startLag()));
        boolean any = lag.getTotalCount() > 0;
        return new ClientCost(cpu.userNanos(), cpu.systemNanos(), span, ClientCpu.cores(), ops,
                gc.count(), gc.totalMillis(), gc.maxMillis(),
                any ? Math.round(lag.getMean()) : 0, any ? lag.getValueAtPercentile(99) : 0, any ? lag.getMaxValue() : 0,
                workers.size(), workers.stream().mapToLong(w -> w.times().callNanos()).sum(), backlogLagMaxNanos,
                lateWorkers == 0 ? Double.NaN : (double) lateBusy / lateWorkers);
    }
}
