package dev.bench.workloads.pgbench;

/**
 * How much pgbench says about failed transactions: {@code --failures-detailed} splits the failed count
 * into serialization and deadlock failures; {@code --verbose-errors} prints each error and whether the
 * transaction is tried again (on stderr); {@code -d/--debug} prints what each client executes, sends and
 * receives (on stderr).
 */
public record ErrorReports(boolean failuresDetailed, boolean verboseErrors, boolean debug) {

    public static final ErrorReports NONE = new ErrorReports(false, false, false);

    public ErrorReports(boolean failuresDetailed, boolean verboseErrors) {
        this(failuresDetailed, verboseErrors, false);
    }
}
