package dev.bench.cli;

import dev.bench.cli.vote.VoteCommand;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/**
 * {@code bench <workload> ...}: the one entry point.
 *
 * <p>Exit codes: 0 the run completed and the database agreed; 1 the run failed, fell too far behind,
 * or the after-run check found a mismatch; 2 bad input (unknown flag or backend, invalid value).
 */
@Command(name = "bench", mixinStandardHelpOptions = true, versionProvider = ManifestVersion.class,
        description = "Runs database and cache workloads against real servers and reports latency honestly "
                + "(measured from each op's intended start, coordinated omission corrected).",
        subcommands = {VoteCommand.class, CommandLine.HelpCommand.class})
public final class BenchMain implements Runnable {

    public static final int EXIT_FAILED = 1;
    public static final int EXIT_BAD_INPUT = 2;

    @Spec
    CommandSpec spec;

    public static void main(String[] args) {
        System.exit(commandLine().execute(args));
    }

    /** The configured command line; tests call this with their own out/err writers. */
    public static CommandLine commandLine() {
        CommandLine cli = new CommandLine(new BenchMain());
        cli.setCaseInsensitiveEnumValuesAllowed(true);
        cli.setParameterExceptionHandler(new OneLineErrors());
        cli.setExecutionExceptionHandler(new OneLineErrors());
        return cli;
    }

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(), "name a workload, e.g. 'bench vote'");
    }
}
