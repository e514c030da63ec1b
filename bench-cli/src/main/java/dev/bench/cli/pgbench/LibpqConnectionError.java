package dev.bench.cli.pgbench;

import dev.bench.core.BenchException;
import dev.bench.core.Failures;
import dev.bench.workloads.pgbench.ServerErrors;
import org.postgresql.util.PSQLException;

/**
 * A failed connection to a server named the libpq way, in libpq's words, as pgbench prints it:
 * {@code connection to server on socket "/tmp/.s.PGSQL.5432" failed: FATAL:  database "x" does not exist}.
 */
final class LibpqConnectionError {

    /** How bench-core's connection errors begin (JdbcTarget); others pass through unchanged. */
    private static final String BENCH_PREFIX = "cannot connect to ";

    private LibpqConnectionError() {
    }

    static BenchException reworded(LibpqParameters server, BenchException e) {
        if (server == null || e.getMessage() == null || !e.getMessage().startsWith(BENCH_PREFIX)) {
            return e;
        }
        return new BenchException("connection to server " + server.serverDescription() + " failed: " + reason(e), e);
    }

    /** The server's own report (severity, two spaces, message, as libpq prints it), else the deepest cause. */
    private static String reason(Throwable e) {
        for (Throwable t = e; t != null && t.getCause() != t; t = t.getCause()) {
            if (t instanceof PSQLException p && p.getServerErrorMessage() != null) {
                return ServerErrors.libpqStyle(p);
            }
        }
        return e.getCause() != null ? Failures.rootMessage(e.getCause()) : e.getMessage().substring(BENCH_PREFIX.length());
    }
}
