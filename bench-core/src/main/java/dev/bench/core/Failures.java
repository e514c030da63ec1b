package dev.bench.core;

import java.sql.SQLException;

/** One line a user can act on, from any failure: the one place that shortens error messages. */
public final class Failures {

    private Failures() {
    }

    /** The first non-blank line of a message, trimmed; "(no message)" for none. */
    public static String firstLine(String message) {
        if (message == null) {
            return "(no message)";
        }
        return message.lines().filter(l -> !l.isBlank()).findFirst().orElse("(no message)").trim();
    }

    /**
     * The failure's own first line, with the SQLSTATE when there is one; the class name (and the
     * cause) when it has no message. A {@link BenchException}'s message is already fit to show.
     */
    public static String describe(Throwable t) {
        if (t instanceof BenchException) {
            return t.getMessage();
        }
        String message = t.getMessage();
        if (t instanceof java.sql.SQLTransientConnectionException && t.getCause() != null) {
            // the pool's "Connection is not available, request timed out" hides why: the cause says it
            return "the server gave no connection in time (last error: " + rootMessage(t.getCause()) + ")";
        }
        if (message == null || message.isBlank()) {
            return t.getClass().getSimpleName() + (t.getCause() != null ? ": " + describe(t.getCause()) : "");
        }
        String line = firstLine(message);
        if (t instanceof SQLException sql && sql.getSQLState() != null) {
            line = line + " (SQLSTATE " + sql.getSQLState() + ")";
        }
        return line;
    }

    /**
     * Why a file could not be read or written, where the JDK's message is only the path ("cannot read X: X")
     * or a decoder's count ("Input length = 1").
     */
    public static String ofIo(java.io.IOException e) {
        if (e instanceof java.nio.file.NoSuchFileException) {
            return "no such file or directory";
        }
        if (e instanceof java.nio.file.AccessDeniedException) {
            return "permission denied";
        }
        if (e instanceof java.nio.file.FileAlreadyExistsException) {
            return "it already exists";
        }
        if (e instanceof java.nio.file.NotDirectoryException) {
            return "a file is in the path where a directory should be";
        }
        if (e instanceof java.nio.file.FileSystemException fs && fs.getReason() != null) {
            return fs.getReason();
        }
        if (e instanceof java.nio.charset.CharacterCodingException) {
            return "it is not UTF-8 text (a binary file?)";
        }
        return describe(e);
    }

    /**
     * The deepest cause's first line: drivers wrap "connection refused" and "password authentication
     * failed" several layers deep, under messages that say only that connecting failed.
     */
    public static String rootMessage(Throwable e) {
        Throwable t = e;
        String message = e.getMessage();
        while (t.getCause() != null && t.getCause() != t) {
            t = t.getCause();
            if (t.getMessage() != null && !t.getMessage().isBlank()) {
                message = t.getMessage();
            }
        }
        return message == null ? t.getClass().getSimpleName() : firstLine(message);
    }
}
