package dev.bench.cli;

import picocli.CommandLine.Command;

/**
 * {@code bench}'s own usage text (description, exit codes, version), a mixin of both {@link BenchMain}, the
 * command that runs, and {@link BenchCommands}, the one the man pages are generated from.
 *
 * <p>Exit codes: 0 the run completed and the database agreed; 1 the run failed, fell too far behind,
 * or the after-run check found a mismatch; 2 bad input (unknown flag or backend, invalid value);
 * 130 / 143 stopped by SIGINT / SIGTERM, after reporting and writing what was measured.
 */
@Command(versionProvider = BuildVersion.class,
        description = "Runs database and cache workloads against real servers and reports latency honestly "
                + "(measured from each op's intended start, coordinated omission corrected).",
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:the run completed and the database agreed with the client",
                "1:the run failed, fell too far behind, or the after-run check found a mismatch",
                "2:bad input (unknown flag or backend, invalid value)",
                "130/143:stopped by SIGINT (Ctrl-C) / SIGTERM; what was measured is reported and written first"})
final class BenchUsage {
}
