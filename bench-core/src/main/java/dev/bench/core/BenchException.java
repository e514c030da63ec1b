package dev.bench.core;

/**
 * An expected failure whose message is fit to show a user as one line: a bad option, an unreachable
 * server, a table that belongs to someone else, a run that fell too far behind.
 */
public class BenchException extends RuntimeException {

    public BenchException(String message) {
        super(message);
    }

    public BenchException(String message, Throwable cause) {
        super(message, cause);
    }
}
