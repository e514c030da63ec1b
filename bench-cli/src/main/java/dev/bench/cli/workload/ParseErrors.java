package dev.bench.cli.workload;

import dev.bench.core.InputErrors;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.ParseResult;
import picocli.CommandLine.UnmatchedArgumentException;

/**
 * Every error of one command line at once: picocli collects them ({@link #collectIn}) rather than stopping at
 * the first, and {@link #requireNone} turns them into one bad-input error of a line each, before anything runs.
 * pgbench's command keeps picocli's first-error-stops parse: its option errors are pgbench's, one at a time.
 */
public final class ParseErrors {

    private ParseErrors() {
    }

    /** Has {@code command} and its subcommands, but {@code except}'s, collect their errors. */
    public static void collectIn(CommandLine command, String except) {
        CommandSpec spec = command.getCommandSpec();
        if (spec.name().equals(except)) {
            return;
        }
        spec.parser().collectErrors(true);
        command.getSubcommands().values().forEach(sub -> collectIn(sub, except));
    }

    /**
     * The errors up to the first that is not an option's own (a positional parameter's, an unmatched word):
     * picocli parses on after such an error by dropping a word, and what it finds then follows from the drop.
     *
     * @throws ParameterException bad input (exit 2), naming the command of the first error: each error a line
     *                            ({@link InputErrors}), in the order picocli found them
     */
    public static void requireNone(ParseResult parsed) {
        InputErrors.Collector lines = new InputErrors.Collector();
        CommandLine first = null;
        errors:
        for (ParseResult r = parsed; r != null; r = r.hasSubcommand() ? r.subcommand() : null) {
            for (Exception e : r.errors()) {
                if (first == null) {
                    first = e instanceof ParameterException p ? p.getCommandLine() : r.commandSpec().commandLine();
                }
                lines.add(e.getMessage().lines().findFirst().orElse(e.getClass().getSimpleName()));
                if (!ofAnOption(e)) {
                    break errors;
                }
            }
        }
        try {
            lines.throwIfAny();
        } catch (InputErrors e) {
            throw new ParameterException(first, e.lines().get(0), e);
        }
    }

    /** An option's value that doesn't convert or is missing, or an option the command doesn't have. */
    private static boolean ofAnOption(Exception e) {
        if (e instanceof UnmatchedArgumentException u) {
            return u.getUnmatched().stream().allMatch(word -> word.startsWith("-"));
        }
        return e instanceof ParameterException p && p.getArgSpec() instanceof OptionSpec;
    }
}
