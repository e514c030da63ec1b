package dev.bench.workloads.pgbench;

import dev.bench.core.Failures;
import org.postgresql.util.PSQLException;
import org.postgresql.util.ServerErrorMessage;

import java.sql.SQLException;

/** A server's error as libpq prints it ({@code ERROR:  message}, two spaces), for pgbench's messages. */
public final class ServerErrors {

    private ServerErrors() {
    }

    /** PostgreSQL's own report when pgjdbc has one, else the driver's first line. */
    public static String libpqStyle(SQLException e) {
        if (e instanceof PSQLException p && p.getServerErrorMessage() != null) {
            ServerErrorMessage m = p.getServerErrorMessage();
            return m.getSeverity() + ":  " + m.getMessage();
        }
        return Failures.firstLine(String.valueOf(e.getMessage()));
    }
}
