package dev.bench.core.engine;

import org.HdrHistogram.Histogram;

/**
 * One worker's own timings for {@link ClientCostMeter}: how late each measured op was sent after its
 * intended start, and how long the worker spent in calls to the backend (retries and their backoff
 * included, recording not), as opposed to claiming ops, recording them and waiting for the next. Workers mostly free of calls whose
 * ops still start ever later were held back by the client, not by the server.
 *
 * <p>Threading: written by its worker only; read after the worker's thread ended.
 */
final class WorkerTimes {

    /** Auto-resizing, 2 significant digits: a few KB for lags up to seconds. */
    private final Histogram startLag = new Histogram(2);
    private long callNanos;

    void started(long sendNanos, long intendedNanos) {
        startLag.recordValue(Math.max(0, sendNanos - intendedNanos));
    }

    void inCall(long nanos) {
        callNanos += nanos;
    }

    Histogram startLag() {
        return startLag;
    }

    long callNanos() {
        return callNanos;
    }
}
