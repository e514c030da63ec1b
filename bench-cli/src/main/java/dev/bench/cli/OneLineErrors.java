package dev.bench.cli;

import dev.bench.core.BenchException;
import picocli.CommandLine;
import picocli.CommandLine.IExecutionExceptionHandler;
import picocli.CommandLine.IParameterExceptionHandler;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.ParseResult;

import java.io.PrintWriter;

/**
 * Turns every expected failure into one line on stderr and an exit code, never a stack trace:
 * bad input (exit 2, with a pointer to --help) and failed runs (exit 1). Set BENCH_DEBUG=1 to see
 * the trace of an unexpected failure.
 */
final class OneLineErrors implements IParameterExceptionHandler, IExecutionExceptionHandler {

    @Override
    public int handleParseException(ParameterException ex, String[] args) {
        CommandLine cmd = ex.getCommandLine();
        PrintWriter err = cmd.getErr();
        err.println("bench: " + firstLine(ex.getMessage()));
        err.println("Try '" + cmd.getCommandSpec().qualifiedName() + " --help' for more information.");
        err.flush();
        return BenchMain.EXIT_BAD_INPUT;
    }

    @Override
    public int handleExecutionException(Exception ex, CommandLine cmd, ParseResult parsed) {
        PrintWriter err = cmd.getErr();
        if (ex instanceof BenchException) {
            err.println("bench: " + firstLine(ex.getMessage()));
        } else {
            err.println("bench: internal error: " + ex.getClass().getSimpleName() + ": " + firstLine(ex.getMessage()));
            if (System.getenv("BENCH_DEBUG") != null) {
                ex.printStackTrace(err);
            }
        }
        err.flush();
        return BenchMain.EXIT_FAILED;
    }

    private static String firstLine(String message) {
        if (message == null) {
            return "(no message)";
        }
        return message.lines().findFirst().orElse("").trim();
    }
}
