package dev.bench.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/**
 * {@code bench} itself: its options, description and exit codes; {@link BenchMain} adds the subcommands.
 *
 * <p>Exit codes: 0 the run completed and the database agreed; 1 the run failed, fell too far behind,
 * or the after-run check found a mismatch; 2 bad input (unknown flag or backend, invalid value);
 * 130 / 143 stopped by SIGINT / SIGTERM, after reporting and writing what was measured.
 */
@Command(name = "bench", mixinStandardHelpOptions = true, versionProvider = BuildVersion.class,
        description = "Runs database and cache workloads against real servers and reports latency honestly "
                + "(measured from each op's intended start, coordinated omission corrected).",
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:the run completed and the database agreed with the client",
                "1:the run failed, fell too far behind, or the after-run check found a mismatch",
                "2:bad input (unknown flag or backend, invalid value)",
                "130/143:stopped by SIGINT (Ctrl-C) / SIGTERM; what was measured is reported and written first"})
class RootCommand implements Runnable {

    @Spec
    CommandSpec spec;

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(), "name a workload, e.g. 'bench vote'");
    }
}
