package dev.bench.cli;

import dev.bench.cli.pgbench.PgbenchCommand;
import dev.bench.cli.workload.ParseErrors;
import dev.bench.core.MaskedWriter;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.IntSupplier;

/**
 * {@code bench <workload> ...}: the one entry point, and the command itself (its text is {@link BenchUsage}),
 * with the subcommands {@link BenchCommands} lists; masks what it prints and turns signals into an orderly end.
 */
@Command(name = "bench", mixinStandardHelpOptions = true)
public final class BenchMain implements Runnable {

    /**
     * The most the hook waits for the report and the results files. They take well under a second at
     * any rate (every figure after a stop is in closed form); the engine itself abandons calls still
     * blocked 2 s after the stop, and aborted ones 2 s later. This bounds what is left: an after-run
     * check against a server that stopped answering.
     */
    private static final int CTRL_C_GRACE_SECONDS = 15;

    @Mixin
    BenchUsage usage;

    @Spec
    CommandSpec spec;

    /** Set by the shutdown hook: a signal (or another exit) is ending the JVM, and its status stands. */
    private static final AtomicBoolean ENDING = new AtomicBoolean();

    public static void main(String[] args) {
        int exitCode = runStoppingOnCtrlC(() -> execute(args, new OutputStreamWriter(System.out, StandardCharsets.UTF_8),
                new OutputStreamWriter(System.err, StandardCharsets.UTF_8)));
        if (StartUpClasses.training() && !ENDING.get()) {
            StartUpClasses.load();
        }
        exit(exitCode);
    }

    /**
     * Exits with the command's status unless a signal is already ending the JVM. Then the signal's
     * status (130, 143) must stand: once the hooks have run, JDK 17's {@code System.exit} with a nonzero
     * status halts at once, so a command that a signal stopped early (status 1) would win the race
     * against the signal's own halt about once in forty runs. This thread waits for that halt instead.
     */
    static void exit(int status) {
        while (ENDING.get()) {
            try {
                Thread.sleep(Long.MAX_VALUE);
            } catch (InterruptedException ignored) {
                // the halt ends this thread
            }
        }
        System.exit(status);
    }

    /**
     * Ctrl-C (SIGINT) or SIGTERM ends a run early rather than killing it: the shutdown hook interrupts
     * the running command, the engine stops offering load, and the command still prints its report and
     * writes its results (the hook waits for that, at most {@value #CTRL_C_GRACE_SECONDS} s); the JVM
     * then exits with the signal's status, 130 or 143. A SIGINT the process inherited as ignored (a
     * script's background job, nohup) stays ignored, as it was meant to.
     */
    static int runStoppingOnCtrlC(IntSupplier run) {
        Thread command = Thread.currentThread();
        CountDownLatch reported = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            ENDING.set(true);
            if (reported.getCount() > 0) {
                command.interrupt();
                try {
                    if (!reported.await(CTRL_C_GRACE_SECONDS, TimeUnit.SECONDS)) {
                        System.err.println("bench: the report and results were not finished " + CTRL_C_GRACE_SECONDS
                                + " s after the signal; exiting without the rest");
                    }
                } catch (InterruptedException ignored) {
                    // exiting anyway
                }
            }
        }, "bench-ctrl-c"));
        try {
            return run.getAsInt();
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
        CommandLine cli = commandLine(args.length > 0 ? args[0] : null);
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

    /** The configured command line with every subcommand; tests call this with their own out/err writers. */
    public static CommandLine commandLine() {
        return commandLine(null);
    }

    /**
     * The command line for a run whose first argument is {@code first}: picocli builds a command's whole
     * model (every option of every subcommand, by reflection) when it is added, about half of a short
     * run's start-up with all twelve, so a run that names one workload gets only that one. Help, completion,
     * scenarios and sweeps (which run other commands), options and unknown names get them all.
     */
    static CommandLine commandLine(String first) {
        CommandLine cli = new CommandLine(new BenchMain());
        boolean one = first != null && BenchCommands.STANDALONE.contains(first);
        for (Class<?> command : BenchCommands.ALL) {
            if (!one || BenchCommands.name(command).equals(first)) {
                cli.addSubcommand(command);
            }
        }
        cli.setCaseInsensitiveEnumValuesAllowed(true);
        ParseErrors.collectIn(cli, BenchCommands.name(PgbenchCommand.class)); // every error of a command line at once; pgbench's are pgbench's
        cli.setExecutionStrategy(parsed -> {
            ParseErrors.requireNone(parsed);
            return new CommandLine.RunLast().execute(parsed);
        });
        cli.setParameterExceptionHandler(new OneLineErrors());
        cli.setExecutionExceptionHandler(new OneLineErrors());
        return cli;
    }

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(), "name a workload, e.g. 'bench vote'");
    }
}
