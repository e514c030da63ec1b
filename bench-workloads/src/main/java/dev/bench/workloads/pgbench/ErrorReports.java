package dev.bench.workloads.pgbench;

/**
 * How much pgbench says about failed transactions: {@code --failures-detailed} splits the failed count
 * into serialization and deadlock failures; {@code --verbose-errors} prints each error and whether the
 * transaction is tried again (on stderr).
 */
public record ErrorReports(boolean failuresDetailed, boolean verboseErrors) {

    public static final ErrorReports NONE = new ErrorReports(false, false);
}
