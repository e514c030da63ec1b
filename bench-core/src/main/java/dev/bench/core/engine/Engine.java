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

import java.math.BigDecimal;
import java.time.Duration;
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
    /** The reporter wakes this much after the oldest waiting op would pass the max lag, so it has. */
    private static final long LAG_CHECK_MARGIN_NANOS = 1_000_000;

    private Engine() {
    }

    /**
     * @throws BenchException when a session can't be opened
     * @throws PhaseFailedException when the workload failed fatally, with what was measured until then
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
        OutageTracker outages = new OutageTracker(writeKinds(workload, kinds), windowStartNanos);
        for (int i = 0; i < config.threads(); i++) {
            workers.add(new Worker(i, workload, sessions.get(i), dispatcher, config, windowStartNanos,
                    counters, recorders[i % recorders.length], batchCapacity, phase, gate, outages));
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

        long lastDone = workers.stream().mapToLong(Worker::lastDoneNanos).max().orElse(0);
        long drainNanos = lastDone == 0 ? 0 : lastDone - windowStartNanos;
        long measuredEndNanos = Math.min(endNanos, phase.stoppedAtNanos());
        long[] generated = dispatcher.generatedInWindow(measuredEndNanos);
        long windowNanos = measuredWindowNanos(config, dispatcher, generated, windowStartNanos, endNanos, measuredEndNanos);
        String failure = phase.failure() == null ? null : Failures.describe(phase.failure());
        String stopReason = failure == null ? phase.stopReason()
                : phase.stopReason() == null ? "failed: " + failure : "failed: " + failure + "; " + phase.stopReason();
        RunResult result = new RunResult(info, collector.totals(), generated, windowNanos, drainNanos, maxLag,
                stopReason, phase.interrupted(), outages.outages());
        listeners.forEach(l -> l.onEnd(result));
        if (failure != null) {
            throw new PhaseFailedException(failure, phase.failure(), result);
        }
        return result;
    }

    /**
     * The measured window: from its start to the configured end, or to the stop when the phase stopped
     * before it (an interrupt, the max lag, a failure), or, when an op count ended it, as long as the
     * schedule of that count was (open loop: the rate's; closed loop: until the last op started).
     * 0 when the phase stopped during warmup.
     */
    private static long measuredWindowNanos(RunConfig config, Dispatcher dispatcher, long[] generated,
                                            long windowStartNanos, long endNanos, long measuredEndNanos) {
        boolean reachedCount = config.maxOps() > 0 && Arrays.stream(generated).sum() >= config.maxOps();
        if (reachedCount || !config.isTimeBounded() && measuredEndNanos == endNanos) {
            return Math.max(dispatcher.lastIntendedInWindowNanos() - windowStartNanos, 1);
        }
        return Math.max(0, measuredEndNanos - windowStartNanos);
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
                long wakeAt = Math.min(Math.min(boundary, abandonAt), tooLateAt(dispatcher, phase, maxLagAllowed));
                finished = done.await(Math.max(0, wakeAt - System.nanoTime()), TimeUnit.NANOSECONDS);
            } catch (InterruptedException e) {
                // Ctrl-C (the CLI interrupts this thread): stop offering load, report what was measured.
                phase.interrupt();
                interrupted = true;
            }
            long now = System.nanoTime();
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
            IntervalSnapshot snapshot = collector.collect(previous - windowStartNanos, end - windowStartNanos,
                    end <= windowStartNanos, lag).withQueue(dispatcher.waitingOps(now), busy(workers));
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
            return UNBOUNDED_NANOS;
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

    private static boolean[] writeKinds(Workload workload, List<OpKind> kinds) {
        boolean[] writes = new boolean[kinds.size()];
        for (int k = 0; k < writes.length; k++) {
            writes[k] = !workload.isReadOnly(kinds.get(k));
        }
        return writes;
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
