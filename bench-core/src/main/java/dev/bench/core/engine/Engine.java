package dev.bench.core.engine;

import dev.bench.core.BenchException;
import dev.bench.core.Failures;
import dev.bench.core.OpKind;
import dev.bench.core.RunConfig;
import dev.bench.core.Schedule;
import dev.bench.core.Session;
import dev.bench.core.Workload;
import dev.bench.core.metrics.IntervalListener;
import dev.bench.core.metrics.IntervalSnapshot;
import dev.bench.core.metrics.KindCounters;
import dev.bench.core.metrics.KindRecorder;
import dev.bench.core.metrics.LatencyCollector;
import dev.bench.core.metrics.RunInfo;
import dev.bench.core.metrics.RunResult;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * Runs one phase of a workload: opens a session per worker, offers load (open or closed loop) for
 * warmup plus the measured window, drains what is left, and returns what was measured. Interrupting
 * the calling thread stops the phase early; the result then says so in its stop reason.
 *
 * <pre>{@code
 * RunResult result = Engine.run(workload, RunConfig.builder().targetOpsPerSec(10_000).build(),
 *                               List.of(new ConsoleProgress(System.err)));
 * }</pre>
 *
 * Workloads that repeat experiments (TAOBench) call it once per experiment. The calling thread does
 * the reporting; workers are threads of their own.
 */
public final class Engine {

    /** Lets worker threads start before the first op is due, so none starts late by construction. */
    private static final long START_DELAY_NANOS = 20_000_000;
    /** "No end time" for phases bounded by a count: far away, yet safe to add small offsets to. */
    private static final long UNBOUNDED_NANOS = Long.MAX_VALUE / 4;
    /** After a stop (max lag, Ctrl-C, a failure), how long calls in flight may take before they are abandoned. */
    private static final long STOP_GRACE_NANOS = 2_000_000_000L;
    /** After aborting the connections of blocked workers, how long to wait for them to notice. */
    private static final long ABORT_WAIT_NANOS = 2_000_000_000L;

    private Engine() {
    }

    /**
     * @throws BenchException when a session can't be opened, or the workload failed fatally
     */
    public static RunResult run(Workload workload, RunConfig config, List<IntervalListener> listeners) {
        List<OpKind> kinds = List.copyOf(workload.kinds());
        if (kinds.isEmpty() || kinds.stream().noneMatch(k -> k.weight() > 0)) {
            throw new IllegalArgumentException("a workload needs at least one op kind with weight > 0");
        }
        Schedule[] kindSchedules = config.isOpenLoop() ? config.arrivalSchedulesPerKind(kinds) : null; // checks a mix's kinds
        double[][] segmentShares = !config.isOpenLoop() && config.mix() != null
                ? config.mix().shares(kinds, config.segmentNames()) : null;
        List<Session> sessions = openSessions(workload, config.threads());

        long startNanos = startNanos(config);
        long windowStartNanos = startNanos + config.warmup().toNanos();
        long endNanos = config.isTimeBounded() ? windowStartNanos + config.duration().toNanos() : UNBOUNDED_NANOS;
        long windowStartEpochMillis = System.currentTimeMillis() + (windowStartNanos - System.nanoTime()) / 1_000_000;

        Dispatcher dispatcher = config.bursts() != null
                ? new BurstDispatcher(kinds, config.bursts(), config.maxOps(), config.seed(), startNanos, windowStartNanos, endNanos)
                : config.isOpenLoop()
                ? new OpenLoopDispatcher(kinds, config.arrivalSchedule(), kindSchedules, config.arrivals(), config.seed(),
                        startNanos, windowStartNanos, endNanos, config.maxOps())
                : new ClosedLoopDispatcher(kinds, segmentShares == null ? new KindChooser(kinds, config.seed())
                        : new KindChooser(segmentShares, config.segmentEndSeconds(), windowStartNanos, config.seed()),
                        startNanos, windowStartNanos, endNanos, config.maxOps());
        Phase phase = new Phase(dispatcher);
        KindCounters[] counters = new KindCounters[kinds.size()];
        for (int k = 0; k < counters.length; k++) {
            counters[k] = new KindCounters();
        }
        int batchCapacity = kinds.stream().mapToInt(OpKind::maxBatch).max().orElse(1);

        List<Worker> workers = new ArrayList<>();
        KindRecorder[][] recorders = KindRecorder.setsFor(config.threads(), kinds.size());
        WorkerGate gate = config.workerSchedule() == null ? null : new WorkerGate(config.workerSchedule(), windowStartNanos, phase);
        for (int i = 0; i < config.threads(); i++) {
            workers.add(new Worker(i, workload, sessions.get(i), dispatcher, config, windowStartNanos,
                    counters, recorders[i % recorders.length], batchCapacity, phase, gate));
        }
        List<String> names = kinds.stream().map(OpKind::name).toList();
        LatencyCollector collector = new LatencyCollector(names, recorders, counters);
        RunInfo info = new RunInfo(config, names, windowStartEpochMillis);
        listeners.forEach(l -> l.onStart(info));

        CountDownLatch done = new CountDownLatch(workers.size());
        for (int i = 0; i < workers.size(); i++) {
            Worker w = workers.get(i);
            Thread t = new Thread(() -> {
                try {
                    w.run();
                } finally {
                    done.countDown();
                }
            }, "bench-worker-" + i);
            t.setDaemon(true);
            t.start();
        }

        long maxLag = report(config, dispatcher, phase, collector, listeners, done, startNanos, windowStartNanos,
                endNanos, workers);

        if (phase.failure() != null) {
            throw new BenchException(Failures.describe(phase.failure()), phase.failure());
        }
        long lastDone = workers.stream().mapToLong(Worker::lastDoneNanos).max().orElse(0);
        long drainNanos = lastDone == 0 ? 0 : lastDone - windowStartNanos;
        long[] generated = dispatcher.generatedInWindow();
        // A count that ended the phase before its time: the window is as long as the schedule of that
        // count was (open loop: the rate's; closed loop: until the last op started).
        boolean endedByCount = config.maxOps() > 0
                && (!config.isTimeBounded() || Arrays.stream(generated).sum() >= config.maxOps());
        long windowNanos = endedByCount
                ? Math.max(dispatcher.lastIntendedInWindowNanos() - windowStartNanos, 1) : config.duration().toNanos();
        RunResult result = new RunResult(info, collector.totals(), generated, windowNanos, drainNanos, maxLag,
                phase.stopReason(), phase.interrupted());
        listeners.forEach(l -> l.onEnd(result));
        return result;
    }

    /**
     * The reporting loop: one snapshot per interval, aligned to the window's start, until workers end.
     * The run owns its clock: workers still blocked in a call when no op may be in flight any more
     * (the window's end plus the max lag, or a grace after a stop) are abandoned, whatever they wait on.
     */
    private static long report(RunConfig config, Dispatcher dispatcher, Phase phase, LatencyCollector collector,
                               List<IntervalListener> listeners, CountDownLatch done,
                               long startNanos, long windowStartNanos, long endNanos, List<Worker> workers) {
        long interval = config.reportInterval().toNanos();
        long maxLagAllowed = config.maxLag().toNanos();
        long k = -((windowStartNanos - startNanos) / interval) + 1;
        if (windowStartNanos + (k - 1) * interval > startNanos) {
            k--;
        }
        long previous = startNanos;
        long maxLag = 0;
        // an op intended before the end and still in flight a max lag later is later than allowed
        long abandonAt = config.isTimeBounded() ? endNanos + maxLagAllowed : UNBOUNDED_NANOS;
        while (true) {
            long boundary = windowStartNanos + k * interval;
            boolean finished = false;
            boolean interrupted = false;
            try {
                long wakeAt = Math.min(boundary, abandonAt);
                finished = done.await(Math.max(0, wakeAt - System.nanoTime()), TimeUnit.NANOSECONDS);
            } catch (InterruptedException e) {
                // Ctrl-C (the CLI interrupts this thread): stop offering load, report what was measured.
                phase.interrupt();
                interrupted = true;
            }
            long now = System.nanoTime();
            if (!finished && !interrupted && now - abandonAt >= 0) {
                abandonBlocked(workers, done, phase, config);
                finished = true;
                now = System.nanoTime();
            } else if (!finished && !interrupted && now - boundary < 0) {
                continue; // woke early for nothing (abandonAt moved after the wait began)
            }
            long end = finished || interrupted ? now : boundary;
            long lag = dispatcher.lagNanos(now);
            maxLag = Math.max(maxLag, lag);
            IntervalSnapshot snapshot = collector.collect(previous - windowStartNanos, end - windowStartNanos,
                    end <= windowStartNanos, lag).withQueue(dispatcher.waitingOps(now), busy(workers));
            // The drain often ends just past a boundary: don't report an empty sliver as an interval (nor,
            // after Ctrl-C while waiting for --start-at, an interval that ends before it starts).
            boolean emptySliver = (finished || interrupted) && snapshot.isEmpty() && end - previous < interval / 10;
            if (!emptySliver) {
                listeners.forEach(l -> l.onInterval(snapshot));
            }
            if (lag > maxLagAllowed && !phase.isOver()) {
                phase.stop(String.format("fell too far behind: the oldest waiting op was %.1f s late "
                        + "(limit %d s); the target rate is more than the backend sustains",
                        lag / 1e9, config.maxLag().toSeconds()));
            }
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

    /**
     * Aborts the connections of workers still serving a call, from threads of their own (an abort may
     * block where a driver locks), and waits a moment for them to see it: their ops then end as failed,
     * and a workload counts the writes among them as in doubt. A worker that still doesn't return is left
     * behind (its thread is a daemon) and named in the stop reason.
     */
    private static void abandonBlocked(List<Worker> workers, CountDownLatch done, Phase phase, RunConfig config) {
        List<Worker> blocked = workers.stream().filter(Worker::isBusy).toList();
        // stopped first, so a worker cut off doesn't reconnect and block again
        phase.stop(String.format("%d worker%s still blocked in a call past the run's end (the window plus "
                + "--max-lag %d s, or a stop); their connections were aborted and their ops counted as failed",
                blocked.size(), blocked.size() == 1 ? " was" : "s were", config.maxLag().toSeconds()));
        for (Worker w : blocked) {
            Thread aborter = new Thread(w::abortSession, "bench-abort");
            aborter.setDaemon(true);
            aborter.start();
        }
        try {
            if (!done.await(ABORT_WAIT_NANOS, TimeUnit.NANOSECONDS)) {
                phase.noteLeftBlocked(done.getCount());
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static int busy(List<Worker> workers) {
        int busy = 0;
        for (Worker w : workers) {
            busy += w.isBusy() ? 1 : 0;
        }
        return busy;
    }

    /** Now plus a moment for the workers to start, or the agreed wall-clock instant of a multi-client run. */
    private static long startNanos(RunConfig config) {
        long earliest = System.nanoTime() + START_DELAY_NANOS;
        if (config.startAt() == null) {
            return earliest;
        }
        long untilStartNanos = (config.startAt().toEpochMilli() - System.currentTimeMillis()) * 1_000_000;
        if (untilStartNanos < START_DELAY_NANOS) {
            throw new BenchException("--start-at " + config.startAt() + " has passed (or is less than "
                    + START_DELAY_NANOS / 1_000_000 + " ms away) by the time the sessions are open; choose a later time");
        }
        return System.nanoTime() + untilStartNanos;
    }

    private static List<Session> openSessions(Workload workload, int count) {
        List<Session> sessions = new ArrayList<>(count);
        try {
            for (int i = 0; i < count; i++) {
                sessions.add(workload.openSession(i));
            }
            return sessions;
        } catch (Exception e) {
            for (Session s : sessions) {
                try {
                    s.close();
                } catch (Exception ignored) {
                    // already failing; the first error is the one to report
                }
            }
            throw new BenchException(Failures.describe(e), e);
        }
    }
}
