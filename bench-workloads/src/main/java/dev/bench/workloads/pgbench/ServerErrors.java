package dev.bench.workloads.pgbench;

import dev.bench.core.Failures;
import org.postgresql.util.PSQLException;
import org.postgresql.util.ServerErrorMessage;

import java.sql.SQLException;

/** A server's error as libpq prints it ({@code ERROR:  message}, two spaces), for pgbench's messages. */
public final class ServerErrors {

    private ServerErrors() {
    }

    /**
     * PostgreSQL's own report when pgjdbc has one, as libpq's default verbosity prints it: the message,
     * then its DETAIL, HINT and CONTEXT lines when the server sent them; else the driver's first line.
     */
    public static String libpqStyle(SQLException e) {
        if (e instanceof PSQLException p && p.getServerErrorMessage() != null) {
            ServerErrorMessage m = p.getServerErrorMessage();
            StringBuilder b = new StringBuilder(m.getSeverity()).append(":  ").append(m.getMessage());
            field(b, "DETAIL", m.getDetail());
            field(b, "HINT", m.getHint());
            field(b, "CONTEXT", m.getWhere());
            return b.toString();
        }
        return Failures.firstLine(String.valueOf(e.getMessage()));
    }

    private static void field(StringBuilder b, String name, String value) {
        if (value != null && !value.isEmpty()) {
            b.append('\n').append(name).append(":  ").append(value);
        }
    }
}
