package dev.bench.core;

/**
 * One worker's connection to the system under test.
 *
 * <p>Threading: used by one worker thread at a time; need not be thread-safe, except {@link #abort}.
 */
public interface Session extends AutoCloseable {

    /**
     * Executes every op of the batch (all of one kind) as one backend call where the backend allows it.
     * Returning normally means every op not {@linkplain Batch#reject rejected} succeeded and was
     * acknowledged to the client. Throwing means none of them were.
     */
    void execute(Batch batch) throws Exception;

    /**
     * The number ({@link Hosts}) of the server that serves this session's ops of the given kind: the
     * one its connection for that kind is open to (a session may read from a replica and write to the
     * primary). Called before each batch: return a number learned when the connection opened, never
     * ask the server here. The default, {@link Hosts#UNNAMED}: the target as a whole. A session whose
     * ops of one batch go to different servers (a memcached pool) names each op's in {@link Batch#servedBy}.
     */
    default int host(int kind) {
        return Hosts.UNNAMED;
    }

    /**
     * Cuts the session off from its server at once (JDBC: {@code Connection.abort}), so that a call
     * blocked in it on a silent network returns with an error. Called from another thread when the run
     * abandons a blocked worker; must not block and must not throw. The default does nothing: right for
     * sessions whose calls have timeouts of their own (memcached) or no network (embedded).
     */
    default void abort() {
    }

    @Override
    default void close() throws Exception {
    }
}
