package dev.bench.core.engine;

import dev.bench.core.BenchException;
import dev.bench.core.OpKind;
import dev.bench.core.RunConfig;
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
        List<Session> sessions = openSessions(workload, config.threads());

        long startNanos = System.nanoTime() + START_DELAY_NANOS;
        long windowStartNanos = startNanos + config.warmup().toNanos();
        long endNanos = windowStartNanos + config.duration().toNanos();
        long windowStartEpochMillis = System.currentTimeMillis() + (windowStartNanos - System.nanoTime()) / 1_000_000;

        Dispatcher dispatcher = config.isOpenLoop()
                ? new OpenLoopDispatcher(kinds, config.targetOpsPerSec(), config.arrivals(), config.seed(),
                        startNanos, windowStartNanos, endNanos)
                : new ClosedLoopDispatcher(kinds, config.seed(), windowStartNanos, endNanos);
        Phase phase = new Phase(dispatcher);
        KindCounters[] counters = new KindCounters[kinds.size()];
        for (int k = 0; k < counters.length; k++) {
            counters[k] = new KindCounters();
        }
        int batchCapacity = kinds.stream().mapToInt(OpKind::maxBatch).max().orElse(1);

        List<Worker> workers = new ArrayList<>();
        KindRecorder[][] recorders = new KindRecorder[config.threads()][];
        for (int i = 0; i < config.threads(); i++) {
            Worker w = new Worker(i, workload, sessions.get(i), dispatcher, config, windowStartNanos,
                    counters, batchCapacity, phase);
            workers.add(w);
            recorders[i] = w.recorders();
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

        long maxLag = report(config, dispatcher, phase, collector, listeners, done, startNanos, windowStartNanos);

        if (phase.failure() != null) {
            throw new BenchException(Phase.describe(phase.failure()), phase.failure());
        }
        long lastDone = workers.stream().mapToLong(Worker::lastDoneNanos).max().orElse(0);
        long drainNanos = lastDone == 0 ? 0 : lastDone - windowStartNanos;
        RunResult result = new RunResult(info, collector.totals(), dispatcher.generatedInWindow(),
                config.duration().toNanos(), drainNanos, maxLag, phase.stopReason());
        listeners.forEach(l -> l.onEnd(result));
        return result;
    }

    /** The reporting loop: one snapshot per interval, aligned to the window's start, until workers end. */
    private static long report(RunConfig config, Dispatcher dispatcher, Phase phase, LatencyCollector collector,
                               List<IntervalListener> listeners, CountDownLatch done,
                               long startNanos, long windowStartNanos) {
        long interval = config.reportInterval().toNanos();
        long maxLagAllowed = config.maxLag().toNanos();
        long k = -((windowStartNanos - startNanos) / interval) + 1;
        if (windowStartNanos + (k - 1) * interval > startNanos) {
            k--;
        }
        long previous = startNanos;
        long maxLag = 0;
        while (true) {
            long boundary = windowStartNanos + k * interval;
            boolean finished = false;
            boolean interrupted = false;
            try {
                finished = done.await(Math.max(0, boundary - System.nanoTime()), TimeUnit.NANOSECONDS);
            } catch (InterruptedException e) {
                // Ctrl-C (the CLI interrupts this thread): stop offering load, report what was measured.
                phase.stop("interrupted: stopped before the end of the run");
                interrupted = true;
            }
            long now = System.nanoTime();
            long end = finished || interrupted ? now : boundary;
            long lag = dispatcher.lagNanos(now);
            maxLag = Math.max(maxLag, lag);
            IntervalSnapshot snapshot = collector.collect(previous - windowStartNanos, end - windowStartNanos,
                    end <= windowStartNanos, lag);
            // The drain often ends just past a boundary: don't report an empty sliver as an interval.
            boolean emptySliver = finished && snapshot.completed() == 0 && end - previous < interval / 10;
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
            previous = end;
            if (!interrupted) {
                k++;
            }
        }
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
            throw new BenchException(Phase.describe(e), e);
        }
    }
}
