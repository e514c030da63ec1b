package dev.bench.workloads.pgbench;

/** An expression that cannot be evaluated (division by zero, overflow, a bad coercion): aborts the client, as in pgbench. */
public final class EvalException extends RuntimeException {

    public EvalException(String message) {
        super(message, null, false, false);
    }
}
