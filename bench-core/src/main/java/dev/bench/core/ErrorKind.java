package dev.bench.core;

/** How the engine treats an exception thrown by {@link Session#execute}. */
public enum ErrorKind {
    /** Contention (deadlock, serialization failure): back off and re-run the same batch; counted as a retry. */
    RETRYABLE,
    /** The connection is gone: open a new session and re-run the batch; counted as a reconnect. */
    CONNECTION,
    /** This batch failed but the run goes on; its ops are counted as errors and not as completed. */
    FAILED,
    /** Nothing sensible can follow (bad SQL, missing table, auth): stop the run with the cause's message. */
    FATAL
}
