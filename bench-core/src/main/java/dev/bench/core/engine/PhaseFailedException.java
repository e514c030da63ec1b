package dev.bench.core.engine;

import dev.bench.core.BenchException;
import dev.bench.core.metrics.RunResult;

/**
 * A phase that failed for good (a fatal op error, a server lost beyond reconnecting), with what it
 * measured until then: the run still writes its results and reports them before it fails with the
 * one line of this exception.
 */
public final class PhaseFailedException extends BenchException {

    private final transient RunResult result;

    PhaseFailedException(String message, Throwable cause, RunResult result) {
        super(message, cause);
        this.result = result;
    }

    /** The phase's figures up to the failure; its stop reason says it failed. */
    public RunResult result() {
        return result;
    }
}
