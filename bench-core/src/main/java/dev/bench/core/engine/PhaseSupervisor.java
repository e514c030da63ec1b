package dev.bench.core.engine;

import dev.bench.core.RunConfig;
import dev.bench.core.metrics.IntervalListener;
import dev.bench.core.metrics.IntervalSnapshot;
import dev.bench.core.metrics.LatencyCollector;

import java.math.BigDecimal;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * What {@link Engine#run}'s calling thread does while the workers run a phase: reports each interval,
 * stops the phase when the oldest waiting op falls more than the max lag behind, and abandons workers
 * still blocked in a call when the run's time is up, aborting their connections.
 *
 * <p>Threading: the calling thread only; it reads the workers' and the dispatcher's state through their
 * thread-safe accessors and never touches a worker's hot path.
 */
final class PhaseSupervisor {

    /** After a stop (max lag, Ctrl-C, a failure), how long calls in flight may take before they are abandoned. */
    private static final long STOP_GRACE_NANOS = 2_000_000_000L;
    /** After aborting the connections of blocked workers, how long to wait for them to notice. */
    private static final long ABORT_WAIT_NANOS = 2_000_000_000L;
    /** The reporter wakes this much after the oldest waiting op would pass the max lag, so it has. */
    private static final long LAG_CHECK_MARGIN_NANOS = 1_000_000;

    private PhaseSupervisor() {
    }

    /**
     * The reporting loop: one snapshot per interval, aligned to the window's start, until workers end.
     * The run owns its clock: workers still blocked in a call when no op may be in flight any more
     * (the window's end plus the max lag, or a grace after a stop) are abandoned, whatever they wait on.
     *
     * @return the largest lag seen (ns)
     */
    static long watch(RunConfig config, Dispatcher dispatcher, Phase phase, LatencyCollector collector,
                      List<IntervalListener> listeners, CountDownLatch done,
                      long startNanos, long windowStartNanos, long endNanos, List<Worker> workers,
                      ClientCostMeter cost) {
        long interval = config.reportInterval().toNanos();
        long maxLagAllowed = config.maxLag().toNanos();
        long k = -((windowStartNanos - startNanos) / interval) + 1;
        if (windowStartNanos + (k - 1) * interval > startNanos) {
            k--;
        }
        long previous = startNanos;
        long maxLag = 0;
        // an op intended before the end and still in flight a max lag later is later than allowed
        long abandonAt = config.isTimeBounded() ? endNanos + maxLagAllowed : Engine.UNBOUNDED_NANOS;
        while (true) {
            long boundary = windowStartNanos + k * interval;
            boolean finished = false;
            boolean interrupted = false;
            try {
                long wakeAt = Math.min(Math.min(boundary, abandonAt), tooLateAt(dispatcher, phase, maxLagAllowed));
                finished = done.await(Math.max(0, wakeAt - System.nanoTime()), TimeUnit.NANOSECONDS);
            } catch (InterruptedException e) {
                // Ctrl-C (the CLI interrupts this thread): stop offering load, report what was measured.
                phase.interrupt();
                interrupted = true;
            }
            long now = System.nanoTime();
            cost.startIfDue(now);
            if (!finished && !interrupted && now - abandonAt >= 0) {
                abandonBlocked(workers, done, phase, phase.hasEnded() ? "the stop" : "the run's end (the window plus --max-lag "
                        + seconds(config.maxLag()) + " s)");
                finished = true;
                now = System.nanoTime();
            } else if (!finished && !interrupted && now - boundary < 0) {
                // woke for the lag limit: stop now, not at the interval's end (or early, for nothing)
                long lag = dispatcher.lagNanos(now);
                maxLag = Math.max(maxLag, lag);
                if (stopIfTooLate(lag, phase, config)) {
                    abandonAt = Math.min(abandonAt, now + STOP_GRACE_NANOS);
                }
                continue;
            }
            long end = finished || interrupted ? now : boundary;
            long lag = dispatcher.lagNanos(now);
            maxLag = Math.max(maxLag, lag);
            int busy = busy(workers);
            cost.sawBacklog(lag, busy, workers.size());
            IntervalSnapshot snapshot = collector.collect(previous - windowStartNanos, end - windowStartNanos,
                    end <= windowStartNanos, lag).withQueue(dispatcher.waitingOps(now), busy);
            // The drain often ends just past a boundary: don't report an empty sliver as an interval (nor,
            // after Ctrl-C while waiting for --start-at, an interval that ends before it starts).
            boolean emptySliver = (finished || interrupted) && snapshot.isEmpty() && end - previous < interval / 10;
            if (!emptySliver) {
                listeners.forEach(l -> l.onInterval(snapshot));
            }
            stopIfTooLate(lag, phase, config);
            if (finished) {
                return maxLag;
            }
            if (phase.isOver()) {
                abandonAt = Math.min(abandonAt, now + STOP_GRACE_NANOS);
            }
            previous = end;
            if (!interrupted) {
                k++;
            }
        }
    }

    /** When the oldest waiting op will be later than allowed, if none is claimed meanwhile; never once the phase ended. */
    private static long tooLateAt(Dispatcher dispatcher, Phase phase, long maxLagAllowed) {
        if (phase.hasEnded()) {
            return Engine.UNBOUNDED_NANOS;
        }
        long now = System.nanoTime();
        return now + Math.max(0, maxLagAllowed - dispatcher.lagNanos(now)) + LAG_CHECK_MARGIN_NANOS;
    }

    /** @return whether this lag stopped the phase */
    private static boolean stopIfTooLate(long lag, Phase phase, RunConfig config) {
        if (lag <= config.maxLag().toNanos() || phase.hasEnded()) {
            return false;
        }
        phase.stop(String.format("fell too far behind: the oldest waiting op was %.1f s late "
                + "(limit %s s); the target rate is more than the backend sustains",
                lag / 1e9, seconds(config.maxLag())));
        return true;
    }

    /**
     * Aborts the connections of workers still serving a call, from threads of their own (an abort may
     * block where a driver locks), and waits a moment for them to see it: their ops then end as failed,
     * and a workload counts the writes among them as in doubt. A worker that still doesn't return is left
     * behind (its thread is a daemon). What the abort did, read from the workers' own counts once they
     * returned, joins the stop reason; a call that returned by itself meanwhile is no one's business.
     *
     * @param past what the run's time ran out after, for the line: "the stop", "the run's end (...)"
     */
    private static void abandonBlocked(List<Worker> workers, CountDownLatch done, Phase phase, String past) {
        // halted first, so a worker cut off doesn't retry, reconnect and block again
        phase.halt();
        List<Worker> blocked = workers.stream().filter(Worker::isBusy).toList();
        for (Worker w : blocked) {
            Thread aborter = new Thread(w::abortSession, "bench-abort");
            aborter.setDaemon(true);
            aborter.start();
        }
        try {
            done.await(ABORT_WAIT_NANOS, TimeUnit.NANOSECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        long leftBehind = done.getCount();
        long cutOff = blocked.stream().filter(Worker::cutOffByAbort).count();
        long failedOps = blocked.stream().mapToLong(Worker::opsFailedByAbort).sum();
        if (cutOff == 0 && leftBehind == 0) {
            return;
        }
        StringBuilder line = new StringBuilder();
        if (cutOff > 0) {
            line.append(String.format("%d worker%s still in a call past %s: %s aborted and %d op%s of the window "
                    + "counted as failed", cutOff, cutOff == 1 ? " was" : "s were", past,
                    cutOff == 1 ? "its connection was" : "their connections were", failedOps, failedOps == 1 ? "" : "s"));
        }
        if (leftBehind > 0) {
            boolean one = leftBehind == 1;
            line.append(line.length() == 0 ? "" : "; ").append(String.format("%d worker%s blocked past %s "
                    + "even after %s aborted, and %s left behind (%s ops counted nowhere)", leftBehind,
                    one ? " stayed" : "s stayed", past, one ? "its connection was" : "their connections were",
                    one ? "was" : "were", one ? "its" : "their"));
        }
        phase.noteAbandoned(line.toString());
    }

    /** 10, 0.5: as a user writes seconds. */
    private static String seconds(Duration d) {
        return BigDecimal.valueOf(d.toMillis(), 3).stripTrailingZeros().toPlainString();
    }

    private static int busy(List<Worker> workers) {
        int busy = 0;
        for (Worker w : workers) {
            busy += w.isBusy() ? 1 : 0;
        }
        return busy;
    }
}
