package dev.bench.cli;

import dev.bench.core.Caller;
import dev.bench.cli.scenario.ScenarioCommand;
import dev.bench.cli.workload.ExitCodes;
import dev.bench.core.BenchException;
import dev.bench.core.Failures;
import dev.bench.core.InputErrors;
import dev.bench.core.Secrets;
import picocli.CommandLine.IExecutionExceptionHandler;
import picocli.CommandLine.IParameterExceptionHandler;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.ParseResult;
import picocli.CommandLine;

import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;

/**
 * Turns every expected failure into one line on stderr and an exit code, never a stack trace:
 * bad input (exit 2, with a pointer to --help) and failed runs (exit 1). A scenario's bad input
 * ({@code bench run}) is the one line alone: it names the file's line and key, which --help doesn't
 * explain. Set BENCH_DEBUG=1 (or true, yes) to see the trace behind a failed run, expected or not.
 */
final class OneLineErrors implements IParameterExceptionHandler, IExecutionExceptionHandler {

    /** The environment variable that turns on stack traces ({@link #debugTraces}). */
    static final String DEBUG_VARIABLE = "BENCH_DEBUG";

    @Override
    public int handleParseException(ParameterException ex, String[] args) {
        CommandLine cmd = ex.getCommandLine();
        PrintWriter err = cmd.getErr();
        // several errors of one input (InputErrors) are a line each; any other message is its first line
        List<String> lines = ex.getCause() instanceof InputErrors errors ? errors.lines() : List.of(Failures.firstLine(ex.getMessage()));
        for (String line : lines) {
            err.println("bench: " + maskSecrets(line, args));
        }
        if (!(cmd.getCommandSpec().userObject() instanceof ScenarioCommand)) {
            err.println("Try '" + cmd.getCommandSpec().qualifiedName() + " --help' for more information.");
        }
        err.flush();
        return ExitCodes.BAD_INPUT;
    }

    @Override
    public int handleExecutionException(Exception ex, CommandLine cmd, ParseResult parsed) {
        PrintWriter err = cmd.getErr();
        if (ex instanceof BenchException) {
            err.println("bench: " + Secrets.mask(Failures.firstLine(ex.getMessage())));
        } else {
            err.println("bench: internal error: " + ex.getClass().getSimpleName() + ": "
                    + Secrets.mask(Failures.firstLine(ex.getMessage())));
        }
        if (debugTraces(Caller.getenv(DEBUG_VARIABLE))) {
            ex.printStackTrace(err);
        }
        err.flush();
        return ExitCodes.FAILED;
    }

    /** Whether BENCH_DEBUG's value asks for stack traces: 1, true or yes; unset, empty, 0, false or no do not. */
    static boolean debugTraces(String value) {
        return value != null && switch (value.trim().toLowerCase(Locale.ROOT)) {
            case "1", "true", "yes" -> true;
            default -> false;
        };
    }

    /**
     * picocli quotes unmatched arguments back; a mistyped {@code --pasword secret} must not print the
     * secret, however short. Masks the value after any password-like option, and every password spelling.
     */
    static String maskSecrets(String message, String[] args) {
        String masked = message;
        for (String value : PasswordArguments.values(args)) {
            masked = masked.replace(value, Secrets.MASK);
        }
        return Secrets.mask(masked);
    }
}
