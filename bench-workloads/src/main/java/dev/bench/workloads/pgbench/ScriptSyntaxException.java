package dev.bench.workloads.pgbench;

/**
 * An expression that does not parse, in pgbench's terms: its message ("syntax error", "unexpected
 * function name", ...), what it is about (the function's name, the constant; may be null) and the
 * offset in the expression's text where it was found. {@link ScriptParser} adds the file, line and command.
 */
public final class ScriptSyntaxException extends RuntimeException {

    private final String reason;
    private final String more;
    private final int column;

    public ScriptSyntaxException(String reason, String more, int column) {
        super(reason + (more != null ? " (" + more + ")" : "") + " at column " + (column + 1), null, false, false);
        this.reason = reason;
        this.more = more;
        this.column = column;
    }

    /** pgbench's message, without what it is about. */
    public String reason() {
        return reason;
    }

    /** What the message is about (pgbench prints it in parentheses), or null. */
    public String more() {
        return more;
    }

    /** The 0-based offset in the expression's text. */
    public int column() {
        return column;
    }
}
