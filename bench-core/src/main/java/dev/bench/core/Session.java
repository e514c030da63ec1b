package dev.bench.core;

/**
 * One worker's connection to the system under test.
 *
 * <p>Threading: used by one worker thread at a time; need not be thread-safe.
 */
public interface Session extends AutoCloseable {

    /**
     * Executes every op of the batch (all of one kind) as one backend call where the backend allows it.
     * Returning normally means every op not {@linkplain Batch#reject rejected} succeeded and was
     * acknowledged to the client. Throwing means none of them were.
     */
    void execute(Batch batch) throws Exception;

    @Override
    default void close() throws Exception {
    }
}
