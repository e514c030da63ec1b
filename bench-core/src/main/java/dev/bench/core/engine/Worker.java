package dev.bench.core.engine;

import dev.bench.core.Batch;
import dev.bench.core.BenchException;
import dev.bench.core.ErrorKind;
import dev.bench.core.Failures;
import dev.bench.core.RunConfig;
import dev.bench.core.Session;
import dev.bench.core.Workload;
import dev.bench.core.metrics.HostCounters;
import dev.bench.core.metrics.HostRecorders;
import dev.bench.core.metrics.KindCounters;
import dev.bench.core.metrics.KindRecorder;

import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.LockSupport;

/**
 * Claims batches, runs them on its session, records their latency; retries and reconnects as the
 * workload's error classification says.
 *
 * <p>Threading: {@link #run} on its own thread; {@link #lastDoneNanos()} is read by the engine after
 * the thread ended, {@link #isBusy()} by the reporting thread at any time. Its recorders may be shared
 * with other workers ({@link KindRecorder#setsFor}).
 *
 * <p>Each batch is recorded against the host its session says serves its kind ({@link Session#host}),
 * or each op against its own when the session named them ({@link Batch#servedBy}: a memcached pool):
 * the worker keeps each host's recorder array once it has it, so a batch costs one array read more.
 */
final class Worker implements Runnable {

    private static final long FIRST_BACKOFF_NANOS = 1_000_000;
    private static final long MAX_BACKOFF_NANOS = 100_000_000;

    private final int index;
    private final Workload workload;
    private final Dispatcher dispatcher;
    private final RunConfig config;
    private final KindCounters[] counters;
    private final HostRecorders recorderSet;
    private final HostCounters hostCounters;
    /** This worker's copy of its set's recorders by host number, grown when a new host appears. */
    private KindRecorder[][] recordersByHost = new KindRecorder[1][];
    /** The host serving the current batch: asked of the session before it and after each reconnect. */
    private int host;
    private final Batch batch;
    private final Phase phase;
    /** The closed loop's worker schedule, or null when this worker runs throughout. */
    private final WorkerGate gate;
    private final OutageTracker outages;
    /** Serving a batch (sysbench's "concurrency" counts these); release/acquire, not a full fence per batch. */
    private final AtomicBoolean busy = new AtomicBoolean();
    /** Volatile: the reporting thread may abort it ({@link #abortSession}) while this worker replaces it. */
    private volatile Session session;
    /** Set by {@link #abortSession}: whatever the call then throws is this worker's last, failed batch. */
    private volatile boolean aborted;
    /** Its call ended in an error after {@link #abortSession}; read after the thread ended. */
    private volatile boolean cutOffByAbort;
    /** Measured ops of that call, counted as failed. */
    private volatile int opsFailedByAbort;
    /** By {@link Batch#phase}, an index rather than a branch: warmup's are never read. */
    private final long[] lastDoneNanos = new long[2];
    private final WorkerTimes times = new WorkerTimes();
    private final WorkerTimes[] timesByPhase = {new WorkerTimes(), times};
    /** Measured ops taken, against the config's ops per worker. */
    private long taken;

    Worker(int index, Workload workload, Session session, Dispatcher dispatcher, RunConfig config,
           long windowStartNanos, KindCounters[] counters, HostRecorders recorderSet, HostCounters hostCounters,
           int batchCapacity, Phase phase, WorkerGate gate, OutageTracker outages) {
        this.index = index;
        this.workload = workload;
        this.session = session;
        this.dispatcher = dispatcher;
        this.config = config;
        this.counters = counters;
        this.recorderSet = recorderSet;
        this.hostCounters = hostCounters;
        this.batch = new Batch(config.seed(), batchCapacity, windowStartNanos);
        this.phase = phase;
        this.gate = gate;
        this.outages = outages;
    }

    /** Whether this worker is serving a batch now; any thread. */
    boolean isBusy() {
        return busy.getAcquire();
    }

    /** Any thread: cuts this worker's session off from its server, so a call blocked on it returns. */
    void abortSession() {
        aborted = true;
        Session s = session;
        if (s != null) {
            s.abort();
        }
    }

    /** Whether {@link #abortSession} cut its call off (it then failed); after the thread ended. */
    boolean cutOffByAbort() {
        return cutOffByAbort;
    }

    /** Measured ops counted as failed because {@link #abortSession} cut their call off; after the thread ended. */
    int opsFailedByAbort() {
        return opsFailedByAbort;
    }

    long lastDoneNanos() {
        return lastDoneNanos[Batch.MEASURED];
    }

    /** Read after the thread ended. */
    WorkerTimes times() {
        return times;
    }

    @Override
    public void run() {
        try {
            long quota = config.opsPerWorker();
            while ((quota == 0 || taken < quota) && (gate == null || gate.awaitTurn(index)) && dispatcher.claim(batch)) {
                taken += (long) batch.size() * batch.phase(batch.size() - 1); // no branch on the phase: see Batch.phaseOf
                busy.setRelease(true);
                long sendNanos = System.nanoTime();
                times.inCall(serve(sendNanos) - sendNanos);
                busy.setRelease(false);
            }
        } catch (RuntimeException | Error e) {
            phase.fail(e);
        } finally {
            closeQuietly(session);
        }
    }

    /** @return when its call ended (the last attempt, failed or not): recording comes after */
    private long serve(long sendNanos) {
        int kind = batch.kind();
        int firstPhase = batch.phase(0);
        boolean inWindow = batch.isMeasured(0); // for the error paths only
        int attempt = 0;
        long attemptNanos = sendNanos;
        host = session.host(kind);
        while (true) {
            try {
                session.execute(batch);
                break;
            } catch (Exception e) {
                if (aborted) {
                    // cut off by the run itself: a failed op, whatever the workload makes of the error
                    opsFailedByAbort = countFailed(kind, inWindow);
                    cutOffByAbort = true;
                    return System.nanoTime();
                }
                ErrorKind what = classify(e);
                if (what == ErrorKind.FATAL) {
                    phase.fail(e);
                    return System.nanoTime();
                }
                batch.clearRejections();
                boolean gaveUp = what == ErrorKind.FAILED || attempt >= config.maxRetries() || phase.isOver();
                outages.failed(kind, attemptNanos, System.nanoTime(), batch.size(), what == ErrorKind.CONNECTION, gaveUp);
                if (gaveUp) {
                    countFailed(kind, inWindow);
                    return System.nanoTime();
                }
                attempt++;
                if (what == ErrorKind.RETRYABLE) {
                    if (inWindow) {
                        counters[kind].retried();
                    }
                    backoff(attempt);
                } else {
                    if (inWindow) {
                        counters[kind].reconnected();
                    }
                    if (!reconnect(e)) {
                        if (phase.isOver()) {
                            countFailed(kind, inWindow); // the run stopped while this batch waited for a connection
                        }
                        return System.nanoTime();
                    }
                    host = session.host(kind);
                }
                attemptNanos = System.nanoTime();
            }
        }
        long doneNanos = System.nanoTime();
        record(kind, firstPhase, sendNanos, doneNanos);
        outages.acknowledged(kind, attemptNanos, doneNanos);
        return doneNanos;
    }

    /** Without a branch on the phase, as the JIT would compile it from the warmup's profile (see Batch.phaseOf). */
    private void record(int kind, int firstPhase, long sendNanos, long doneNanos) {
        KindRecorder recorder = recordersFor(host)[kind];
        long service = doneNanos - sendNanos;
        boolean anyRejected = batch.rejectedCount() > 0;
        boolean perOp = batch.hostsPerOp();
        for (int i = 0; i < batch.size(); i++) {
            // intended times only grow within a batch: when its first op is in the window, all of it is
            int phase = firstPhase | batch.phase(i);
            if (perOp) {
                recorder = recordersFor(batch.opHost(i))[kind];
            }
            long intended = batch.intendedNanos(i);
            recorder.record(doneNanos - intended, service, phase, anyRejected && batch.isRejected(i));
            lastDoneNanos[phase] = doneNanos;
            timesByPhase[phase].started(sendNanos, intended);
        }
    }

    private KindRecorder[] recordersFor(int h) {
        KindRecorder[][] mine = recordersByHost;
        if (h < mine.length && mine[h] != null) {
            return mine[h];
        }
        return addHost(h);
    }

    /** The first batch this worker records for host {@code h}: not the hot path. */
    private KindRecorder[] addHost(int h) {
        if (h >= recordersByHost.length) {
            recordersByHost = java.util.Arrays.copyOf(recordersByHost, h + 1);
        }
        recordersByHost[h] = recorderSet.forHost(h);
        return recordersByHost[h];
    }

    /** @return the measured ops among them (warmup ops are not counted) */
    private int countFailed(int kind, boolean firstInWindow) {
        int inWindow = 0;
        boolean perOp = batch.hostsPerOp();
        for (int i = 0; i < batch.size(); i++) {
            if (firstInWindow || batch.isMeasured(i)) {
                inWindow++;
                if (perOp) {
                    hostCounters.failed(batch.opHost(i), kind, 1); // failures are rare: a lock per op is fine
                }
            }
        }
        counters[kind].failed(inWindow);
        if (!perOp) {
            hostCounters.failed(host, kind, inWindow);
        }
        return inWindow;
    }

    private ErrorKind classify(Exception e) {
        try {
            return workload.classify(e);
        } catch (RuntimeException classifierBug) {
            return ErrorKind.FATAL;
        }
    }

    /** Randomised exponential backoff: contenders that collided should not collide again in step. */
    private static void backoff(int attempt) {
        long ceiling = Math.min(MAX_BACKOFF_NANOS, FIRST_BACKOFF_NANOS << Math.min(attempt - 1, 20));
        LockSupport.parkNanos(ThreadLocalRandom.current().nextLong(ceiling / 2, ceiling + 1));
    }

    /** @return false when no new session could be opened in time (the phase is then failed), or the phase ended meanwhile */
    private boolean reconnect(Exception cause) {
        closeQuietly(session);
        session = null;
        long deadline = System.nanoTime() + config.reconnectTimeout().toNanos();
        Exception last = cause;
        for (int attempt = 1; !phase.isOver(); attempt++) {
            try {
                session = workload.openSession(index);
                return true;
            } catch (Exception e) {
                last = e;
            }
            if (System.nanoTime() - deadline > 0) {
                break;
            }
            backoff(attempt);
        }
        if (phase.isOver()) {
            return false; // stopped meanwhile: not a failure of the run
        }
        phase.fail(new BenchException("lost the connection and could not reconnect within "
                + config.reconnectTimeout().toSeconds() + " s: " + Failures.describe(last), last));
        return false;
    }

    private static void closeQuietly(Session s) {
        if (s == null) {
            return;
        }
        try {
            s.close();
        } catch (Exception ignored) {
            // the session is being discarded; its close error can't change the run
        }
    }
}
