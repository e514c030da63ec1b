package dev.bench.workloads.pgbench;

import dev.bench.core.BenchException;

/**
 * A client aborted, as pgbench aborts one: an SQL error that is neither a serialization/deadlock
 * failure nor a lost connection, a failed meta-command, a script ending inside a transaction. The run
 * stops; {@code bench pgbench} exits 2 for it, as pgbench does.
 */
public final class ClientAbort extends BenchException {

    public ClientAbort(String message, Throwable cause) {
        super(message, cause);
    }

    /** True when {@code e} or one of its causes is a client's abort. */
    public static boolean in(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t instanceof ClientAbort) {
                return true;
            }
        }
        return false;
    }
}
