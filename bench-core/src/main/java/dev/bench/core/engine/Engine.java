package dev.bench.core.engine;

import dev.bench.core.BenchException;
import dev.bench.core.Failures;
import dev.bench.core.Hosts;
import dev.bench.core.OpKind;
import dev.bench.core.RunConfig;
import dev.bench.core.Schedule;
import dev.bench.core.Session;
import dev.bench.core.Workload;
import dev.bench.core.metrics.IntervalListener;
import dev.bench.core.metrics.HostCounters;
import dev.bench.core.metrics.HostRecorders;
import dev.bench.core.metrics.KindCounters;
import dev.bench.core.metrics.KindStats;
import dev.bench.core.metrics.LatencyCollector;
import dev.bench.core.metrics.RunInfo;
import dev.bench.core.metrics.RunResult;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;

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
 * the reporting ({@link PhaseSupervisor}); workers are threads of their own.
 */
public final class Engine {

    /** Lets worker threads start before the first op is due, so none starts late by construction. */
    private static final long START_DELAY_NANOS = 20_000_000;
    /**
     * A JVM's first phase loads the dispatcher's, recorders' and listeners' classes after its start is chosen:
     * 40-60 ms on these VMs, so with 20 ms its first ops were 20-40 ms late (a schedule lag of a cold client,
     * not the server's). Later phases set up in about a millisecond.
     */
    private static final long FIRST_START_DELAY_NANOS = 100_000_000;
    private static final AtomicBoolean STARTED_BEFORE = new AtomicBoolean();
    /** "No end time" for phases bounded by a count: far away, yet safe to add small offsets to. */
    static final long UNBOUNDED_NANOS = Long.MAX_VALUE / 4;

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
        Schedule[] kindSchedules = config.isOpenLoop() ? OfferedLoad.perKind(config, kinds) : null; // checks a mix's kinds
        double[][] segmentShares = !config.isOpenLoop() && config.mix() != null
                ? config.mix().shares(kinds, config.segmentNames()) : null;
        List<Session> sessions = openSessions(workload, config.threads());

        long startNanos = startNanos(config);
        long windowStartNanos = startNanos + config.warmup().toNanos();
        long endNanos = config.isTimeBounded() ? windowStartNanos + config.duration().toNanos() : UNBOUNDED_NANOS;
        long windowStartEpochMillis = System.currentTimeMillis() + (windowStartNanos - System.nanoTime()) / 1_000_000;

        Dispatcher dispatcher = config.bursts() != null
                ? new BurstDispatcher(kinds, config.bursts(), config.maxOps(), config.seed(), startNanos, windowStartNanos, endNanos,
                        new Pacer(config.pacingSpin()))
                : config.isOpenLoop()
                ? new OpenLoopDispatcher(kinds, OfferedLoad.arrivalSchedule(config), kindSchedules, config.arrivals(), config.seed(),
                        startNanos, windowStartNanos, endNanos, config.maxOps(), new Pacer(config.pacingSpin()))
                : new ClosedLoopDispatcher(kinds, segmentShares == null ? new KindChooser(kinds, config.seed())
                        : new KindChooser(segmentShares, OfferedLoad.segmentEndSeconds(config), windowStartNanos, config.seed()),
                        startNanos, windowStartNanos, endNanos, config.maxOps());
        Phase phase = new Phase(dispatcher);
        KindCounters[] counters = new KindCounters[kinds.size()];
        for (int k = 0; k < counters.length; k++) {
            counters[k] = new KindCounters();
        }
        int batchCapacity = kinds.stream().mapToInt(OpKind::maxBatch).max().orElse(1);

        List<Worker> workers = new ArrayList<>();
        HostRecorders[] recorders = HostRecorders.setsFor(config.threads(), kinds.size());
        HostCounters hostCounters = new HostCounters(kinds.size());
        WorkerGate gate = config.workerSchedule() == null ? null : new WorkerGate(config.workerSchedule(), windowStartNanos, phase);
        OutageTracker outages = new OutageTracker(writeKinds(workload, kinds), replicaKinds(workload, kinds), windowStartNanos);
        for (int i = 0; i < config.threads(); i++) {
            workers.add(new Worker(i, workload, sessions.get(i), dispatcher, config, windowStartNanos,
                    counters, recorders[i % recorders.length], hostCounters, batchCapacity, phase, gate, outages));
        }
        List<String> names = kinds.stream().map(OpKind::name).toList();
        LatencyCollector collector = new LatencyCollector(names, recorders, counters, hostCounters);
        RunInfo info = new RunInfo(config, names, windowStartEpochMillis);
        listeners.forEach(l -> l.onStart(info));

        ClientCostMeter cost = new ClientCostMeter(windowStartNanos);
        if (config.warmup().isZero()) {
            cost.start();
        }
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

        long maxLag = PhaseSupervisor.watch(config, dispatcher, phase, collector, listeners, done, startNanos,
                windowStartNanos, endNanos, workers, cost);

        long lastDone = workers.stream().mapToLong(Worker::lastDoneNanos).max().orElse(0);
        long drainNanos = lastDone == 0 ? 0 : lastDone - windowStartNanos;
        long measuredEndNanos = Math.min(endNanos, phase.stoppedAtNanos());
        long[] generated = dispatcher.generatedInWindow(measuredEndNanos);
        long windowNanos = measuredWindowNanos(config, dispatcher, generated, windowStartNanos, endNanos, measuredEndNanos);
        String failure = phase.failure() == null ? null : Failures.describe(phase.failure());
        String stopReason = failure == null ? phase.stopReason()
                : phase.stopReason() == null ? "failed: " + failure : "failed: " + failure + "; " + phase.stopReason();
        List<KindStats> totals = collector.totals(); // once: a worker left behind may still record
        RunResult result = new RunResult(info, totals, Arrays.stream(generated).boxed().toList(), windowNanos, drainNanos, maxLag,
                stopReason, phase.interrupted(), outages.outages(), collector.hosts(Hosts::name, workload::staleReads),
                cost.finish(totals.stream().mapToLong(KindStats::completed).sum(), workers, maxLag));
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

    private static boolean[] writeKinds(Workload workload, List<OpKind> kinds) {
        boolean[] writes = new boolean[kinds.size()];
        for (int k = 0; k < writes.length; k++) {
            writes[k] = !workload.isReadOnly(kinds.get(k));
        }
        return writes;
    }

    private static boolean[] replicaKinds(Workload workload, List<OpKind> kinds) {
        boolean[] replicas = new boolean[kinds.size()];
        for (int k = 0; k < replicas.length; k++) {
            replicas[k] = workload.onReplicas(kinds.get(k));
        }
        return replicas;
    }

    /** Now plus a moment for the workers to start, or the agreed wall-clock instant of a multi-client run. */
    private static long startNanos(RunConfig config) {
        long delay = STARTED_BEFORE.getAndSet(true) ? START_DELAY_NANOS : FIRST_START_DELAY_NANOS;
        if (config.startAt() == null) {
            return System.nanoTime() + delay;
        }
        long untilStartNanos = (config.startAt().toEpochMilli() - System.currentTimeMillis()) * 1_000_000;
        if (untilStartNanos < delay) {
            throw new BenchException("--start-at " + config.startAt() + " has passed (or is less than "
                    + delay / 1_000_000 + " ms away) by the time the sessions are open; choose a later time");
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
