package dev.bench.core.engine;

import dev.bench.core.BenchException;

import java.sql.SQLException;

/**
 * The shared fate of one phase: running, stopped early with a reason, or failed with a cause.
 * The first stop or failure wins.
 *
 * <p>Threading: any thread may stop or fail it; all reads are of volatile state.
 */
final class Phase {

    private final Dispatcher dispatcher;
    private volatile String stopReason;
    private volatile Throwable failure;

    Phase(Dispatcher dispatcher) {
        this.dispatcher = dispatcher;
    }

    synchronized void stop(String reason) {
        if (stopReason == null && failure == null) {
            stopReason = reason;
        }
        dispatcher.stop();
    }

    synchronized void fail(Throwable cause) {
        if (failure == null && stopReason == null) {
            failure = cause;
        }
        dispatcher.stop();
    }

    boolean isOver() {
        return stopReason != null || failure != null;
    }

    String stopReason() {
        return stopReason;
    }

    Throwable failure() {
        return failure;
    }

    /** One line a user can act on, from any failure. */
    static String describe(Throwable t) {
        if (t instanceof BenchException) {
            return t.getMessage();
        }
        String message = t.getMessage();
        if (t instanceof SQLException sql && sql.getSQLState() != null) {
            message = message + " (SQLSTATE " + sql.getSQLState() + ")";
        }
        if (message == null || message.isBlank()) {
            return t.getClass().getSimpleName() + (t.getCause() != null ? ": " + describe(t.getCause()) : "");
        }
        return message.lines().findFirst().orElse(message).trim();
    }
}
