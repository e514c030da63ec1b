package dev.bench.cli.workload;

import dev.bench.core.run.BenchmarkRun;

/** The exit codes every command keeps (listed in {@code bench --help}). */
public final class ExitCodes {

    public static final int OK = BenchmarkRun.EXIT_OK;
    /** The run failed, fell too far behind, or the after-run check found a mismatch. */
    public static final int FAILED = BenchmarkRun.EXIT_FAILED;
    /** Unknown flag or backend, invalid value. */
    public static final int BAD_INPUT = 2;

    private ExitCodes() {
    }
}
