package dev.bench.core.memcached;

import dev.bench.core.ErrorKind;
import net.spy.memcached.OperationTimeoutException;

import java.net.ConnectException;
import java.util.concurrent.CancellationException;
import java.util.concurrent.TimeoutException;

/**
 * Classifies memcached failures for the engine. spymemcached reports a dead server as cancelled or
 * timed-out operations and reconnects in the background, so every one of these is a lost connection:
 * the engine re-opens the session, which waits for the server to be back (see
 * {@link MemcachedTarget#awaitServing}) and stops the run once the reconnect timeout has passed. The
 * exception: one server of a pool down while others serve ({@link MemcachedMemberDownException}) fails
 * the op alone, and the run goes on with the others.
 */
public final class MemcachedErrors {

    private MemcachedErrors() {
    }

    /** @return FAILED for a pool member down, CONNECTION for a lost or unreachable server, FATAL for anything else */
    public static ErrorKind classify(Throwable failure) {
        for (Throwable t = failure; t != null; t = t.getCause()) {
            if (t instanceof MemcachedMemberDownException) {
                return ErrorKind.FAILED;
            }
            if (t instanceof MemcachedUnavailableException || t instanceof OperationTimeoutException
                    || t instanceof CancellationException || t instanceof TimeoutException
                    || t instanceof ConnectException) {
                return ErrorKind.CONNECTION;
            }
            if (t.getCause() == t) {
                break;
            }
        }
        return ErrorKind.FATAL;
    }

    /** Whether {@link #classify} knows this failure as memcached's (for backends that also speak SQL). */
    public static boolean isMemcachedFailure(Throwable failure) {
        return classify(failure) != ErrorKind.FATAL;
    }
}
