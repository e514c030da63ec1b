package dev.bench.workloads.pgbench;

/** A script that does not parse; {@link ScriptParser} adds the file and line. */
public final class ScriptSyntaxException extends RuntimeException {

    public ScriptSyntaxException(String message) {
        super(message, null, false, false);
    }
}
