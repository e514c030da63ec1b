package dev.bench.core;

import java.util.List;

/**
 * What the engine drives: a fixed set of operation kinds and a factory of per-worker sessions.
 *
 * <p>Threading: {@link #openSession} and {@link #classify} are called from any worker thread,
 * concurrently; implementations keep shared state thread-safe. Each {@link Session} is used by
 * exactly one worker thread at a time.
 */
public interface Workload {

    /** The kinds this workload generates, in report order. Called once per run. */
    List<OpKind> kinds();

    /** Opens the state one worker needs (typically one connection). May block; may throw. */
    Session openSession(int workerIndex) throws Exception;

    /**
     * Whether ops of this kind only read: they neither open nor close an unavailability window
     * ({@code RunResult.outages}), which is about writes. The default: every kind writes.
     */
    default boolean isReadOnly(OpKind kind) {
        return false;
    }

    /**
     * Whether ops of this kind go to replicas, on connections of their own ({@code --reads-to replicas}):
     * a lost connection of theirs says nothing about the primary, so it opens no unavailability window.
     * The default: no kind does.
     */
    default boolean onReplicas(OpKind kind) {
        return false;
    }

    /**
     * Measured reads served by host number {@code host} ({@link Hosts}) that saw less than the client
     * had already been told had committed, when the read began after it was told: stale reads from a
     * lagging replica. Asked once, after the run. -1 (the default): this workload can't tell.
     */
    default long staleReads(int host) {
        return -1;
    }

    /** Decides what a failure means. The default treats every failure as fatal. */
    default ErrorKind classify(Exception failure) {
        return ErrorKind.FATAL;
    }
}
