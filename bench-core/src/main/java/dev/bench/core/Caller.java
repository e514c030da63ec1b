package dev.bench.core;

import java.io.File;
import java.lang.ProcessBuilder.Redirect;
import java.nio.file.Path;
import java.util.Map;
import java.util.Objects;
import java.util.function.Supplier;

/**
 * The process a command runs for: its environment, working directory, pid, standard streams and whether it
 * has a terminal. In a plain run that is this JVM; a resident process (bench-cli's dev.bench.cli.resident)
 * runs each call for another process, so the code a call reaches reads these here, never System.getenv or
 * a path relative to this JVM's own directory.
 *
 * <p>One call at a time: the resident process serialises its calls, so a process-wide view is enough (the
 * engine's worker threads of a call see its caller too, where a thread-local would not).
 */
public final class Caller {

    private static final Caller THIS_JVM = new Caller(System.getenv(), null, ProcessHandle.current().pid(),
            Redirect.INHERIT, Redirect.INHERIT, Redirect.INHERIT, System.console() != null);

    private static volatile Caller current = THIS_JVM;

    private final Map<String, String> environment;
    /** Null for this JVM's own directory (paths stay as given, relative ones relative to it). */
    private final Path workingDirectory;
    private final long pid;
    private final Redirect input;
    private final Redirect output;
    private final Redirect error;
    private final boolean terminal;

    private Caller(Map<String, String> environment, Path workingDirectory, long pid, Redirect input, Redirect output,
                   Redirect error, boolean terminal) {
        this.environment = Map.copyOf(environment);
        this.workingDirectory = workingDirectory;
        this.pid = pid;
        this.input = input;
        this.output = output;
        this.error = error;
        this.terminal = terminal;
    }

    /**
     * Another process, on this machine and of this user.
     *
     * @param workingDirectory absolute
     * @param terminal         whether its stdin and stdout are a terminal (as System.console() tells a JVM)
     * @param stdin            its stdin (e.g. /proc/PID/fd/N), for a child process's; so stdout and stderr
     */
    public static Caller process(long pid, Path workingDirectory, Map<String, String> environment, boolean terminal,
                                 File stdin, File stdout, File stderr) {
        if (!workingDirectory.isAbsolute()) {
            throw new IllegalArgumentException("a caller's working directory must be absolute: " + workingDirectory);
        }
        return new Caller(environment, workingDirectory, pid, Redirect.from(stdin), Redirect.appendTo(stdout),
                Redirect.appendTo(stderr), terminal);
    }

    /** The caller of the command running now. */
    public static Caller current() {
        return current;
    }

    /**
     * Runs {@code call} for {@code caller}, then this JVM is the caller again. Not reentrant and not for two
     * calls at once: the resident process holds its one lock around it.
     */
    public static <T> T runFor(Caller caller, Supplier<T> call) {
        Objects.requireNonNull(caller);
        current = caller;
        try {
            return call.get();
        } finally {
            current = THIS_JVM;
        }
    }

    /** The caller's environment variable, null when unset. */
    public static String getenv(String name) {
        return current.environment.get(name);
    }

    /** The caller's whole environment (unmodifiable). */
    public static Map<String, String> environment() {
        return current.environment;
    }

    /** {@code path} against the caller's working directory: unchanged when absolute, or when the caller is this JVM. */
    public static Path resolve(Path path) {
        Path dir = current.workingDirectory;
        return dir == null ? path : dir.resolve(path);
    }

    /** The caller's working directory; {@code Path.of("")} (this JVM's, relative) when the caller is this JVM. */
    public static Path workingDirectory() {
        Path dir = current.workingDirectory;
        return dir == null ? Path.of("") : dir;
    }

    /** Whether the caller is another process (a resident process's call), not this JVM. */
    public static boolean remote() {
        return current.workingDirectory != null;
    }

    public static long pid() {
        return current.pid;
    }

    /** Whether the caller has a terminal, as {@code System.console() != null} tells a plain run. */
    public static boolean terminal() {
        return current.terminal;
    }

    /** A child process's stdin, stdout and stderr: the caller's own (ProcessBuilder's INHERIT in a plain run). */
    public static Redirect input() {
        return current.input;
    }

    public static Redirect output() {
        return current.output;
    }

    public static Redirect error() {
        return current.error;
    }

    /** Sets up {@code builder} to run in the caller's directory, with its environment, when the caller is another process. */
    public static ProcessBuilder prepare(ProcessBuilder builder) {
        Caller c = current;
        if (c.workingDirectory != null) {
            builder.directory(c.workingDirectory.toFile());
            builder.environment().clear();
            builder.environment().putAll(c.environment);
            builder.redirectInput(c.input);
        }
        return builder;
    }
}
