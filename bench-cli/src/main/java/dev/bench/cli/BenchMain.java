package dev.bench.cli;

import dev.bench.cli.dataserving.DataServingCommand;
import dev.bench.cli.oltp.OltpRwCommand;
import dev.bench.cli.report.CompareCommand;
import dev.bench.cli.report.MergeCommand;
import dev.bench.cli.report.ReportCommand;
import dev.bench.cli.report.SweepCommand;
import dev.bench.cli.pgbench.PgbenchCommand;
import dev.bench.cli.scenario.ScenarioCommand;
import dev.bench.cli.tao.TaoCommand;
import dev.bench.cli.tpcc.TpccCommand;
import dev.bench.cli.vote.VoteCommand;
import dev.bench.cli.voter.VoterCommand;
import picocli.AutoComplete;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;
import dev.bench.core.MaskedWriter;
import picocli.CommandLine;

import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * {@code bench <workload> ...}: the one entry point.
 *
 * <p>Exit codes: 0 the run completed and the database agreed; 1 the run failed, fell too far behind,
 * or the after-run check found a mismatch; 2 bad input (unknown flag or backend, invalid value).
 */
@Command(name = "bench", mixinStandardHelpOptions = true, versionProvider = BuildVersion.class,
        description = "Runs database and cache workloads against real servers and reports latency honestly "
                + "(measured from each op's intended start, coordinated omission corrected).",
        subcommands = {
                // workloads
                VoteCommand.class,
                OltpRwCommand.class,
                DataServingCommand.class,
                TpccCommand.class,
                VoterCommand.class,
                TaoCommand.class,
                PgbenchCommand.class,
                ScenarioCommand.class,
                // results
                ReportCommand.class,
                CompareCommand.class,
                MergeCommand.class,
                SweepCommand.class,
                CommandLine.HelpCommand.class,
                AutoComplete.GenerateCompletion.class},
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:the run completed and the database agreed with the client",
                "1:the run failed, fell too far behind, or the after-run check found a mismatch (Ctrl-C: the signal's status, 130)",
                "2:bad input (unknown flag or backend, invalid value)"})
public final class BenchMain implements Runnable {

    private static final int CTRL_C_GRACE_SECONDS = 15;
    /**
     * pgjdbc logs through java.util.logging straight to stderr (e.g. a URL's bad port, before it falls
     * back to 5432): lines not ours, in no format of ours. What matters reaches the user as our one line.
     * Held here so the logger and its level are never collected.
     */
    private static final java.util.logging.Logger PGJDBC_LOG = quiet("org.postgresql");

    @Spec
    CommandSpec spec;

    private static java.util.logging.Logger quiet(String name) {
        java.util.logging.Logger logger = java.util.logging.Logger.getLogger(name);
        logger.setLevel(java.util.logging.Level.OFF);
        return logger;
    }

    public static void main(String[] args) {
        System.exit(runStoppingOnCtrlC(args));
    }

    /**
     * Ctrl-C ends a run early rather than killing it: the shutdown hook interrupts the running command,
     * the engine stops offering load, and the command still prints its report and writes its results
     * (the hook waits for that, at most {@value #CTRL_C_GRACE_SECONDS} s).
     */
    private static int runStoppingOnCtrlC(String[] args) {
        Thread command = Thread.currentThread();
        CountDownLatch reported = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            if (reported.getCount() > 0) {
                command.interrupt();
                try {
                    reported.await(CTRL_C_GRACE_SECONDS, TimeUnit.SECONDS);
                } catch (InterruptedException ignored) {
                    // exiting anyway
                }
            }
        }, "bench-ctrl-c"));
        try {
            return execute(args, new OutputStreamWriter(System.out, StandardCharsets.UTF_8),
                    new OutputStreamWriter(System.err, StandardCharsets.UTF_8));
        } finally {
            reported.countDown();
        }
    }

    /**
     * Runs one command line with its output on {@code out} and {@code err}: the passwords it names (its
     * options, its URLs, BENCH_PASSWORD, PGPASSWORD) are remembered first, and every line it prints is
     * masked ({@link MaskedWriter}), whatever printed it: a driver's message, a stack trace.
     */
    public static int execute(String[] args, Writer out, Writer err) {
        PasswordArguments.remember(args);
        CommandLine cli = commandLine();
        PrintWriter masked = new PrintWriter(new MaskedWriter(out), true);
        PrintWriter maskedErr = new PrintWriter(new MaskedWriter(err), true);
        cli.setOut(masked);
        cli.setErr(maskedErr);
        try {
            return cli.execute(args);
        } finally {
            masked.flush();
            maskedErr.flush();
        }
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
