package dev.bench.core.jdbc;

import com.zaxxer.hikari.SQLExceptionOverride;
import dev.bench.core.ErrorKind;

import java.sql.SQLException;

/**
 * Tells HikariCP to keep a connection whose error the engine retries on that same connection. HikariCP
 * closes any connection that saw an {@link java.sql.SQLTimeoutException}, and H2 reports a lock
 * timeout as one: the retry then found its connection closed and the run stopped (seen with 1024 tao
 * threads on H2). A lock timeout or deadlock ends a transaction, not the connection.
 */
public final class KeepRetryableConnections implements SQLExceptionOverride {

    @java.lang.Override // the interface's nested enum is also named Override
    public Override adjudicate(SQLException e) {
        return SqlErrors.classify(e) == ErrorKind.RETRYABLE ? Override.DO_NOT_EVICT : Override.CONTINUE_EVICT;
    }
}
