package dev.bench.cli.resident;

import dev.bench.cli.BenchMain;
import dev.bench.cli.workload.ExitCodes;
import dev.bench.core.Caller;

import java.io.File;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Lock;

/**
 * One command line run in the resident process for another process, as a plain run would run it there: its
 * arguments, environment and working directory ({@link Caller}), its pid (pgbench's log file names), its own
 * stdout and stderr (opened through /proc/PID/fd), its exit code; Ctrl-C on the client interrupts the command
 * as the plain run's shutdown hook does. A call this process cannot run exactly as a plain run would is
 * answered {@code fallback}, and the client starts a JVM of its own.
 */
final class ResidentCall {

    /** The commands made safe to run here (every path, variable and stream of theirs goes through {@link Caller}). */
    static final Set<String> SERVED = Set.of("pgbench", "sysbench");
    /**
     * Those that may start a child reading the caller's stdin (pgbench's {@code \shell}): only their calls need a
     * stdin that a new open reads as the caller would. {@code bench sysbench} reads none (it runs no Lua from stdin).
     */
    private static final Set<String> GIVE_STDIN = Set.of("pgbench");

    /**
     * What a JVM reads once, at its start (time zone, locale and file-name encoding, its options, which Java),
     * and what picocli reads from this JVM's own environment, not the caller's (TargetOptions' defaults
     * {@code ${env:BENCH_URL}} and {@code ${env:BENCH_PASSWORD}}): a caller whose values differ from this
     * process's gets a JVM of its own.
     */
    static final List<String> START_VARIABLES = List.of("TZ", "LANG", "LANGUAGE", "LC_ALL", "LC_CTYPE", "LC_NUMERIC", "LC_TIME",
            "LC_MESSAGES", "JAVA_HOME", "JAVA_OPTS", "BENCH_OPTS", "JAVA_TOOL_OPTIONS", "JDK_JAVA_OPTIONS", "_JAVA_OPTIONS",
            "BENCH_URL", "BENCH_PASSWORD");

    /** As BenchMain's shutdown hook: the most a cancelled command is given to print its report and write its results. */
    static final int CTRL_C_GRACE_SECONDS = 15;

    /** H2 resolves a relative file database ({@code jdbc:h2:file:./bench-h2/...}, the embedded default) against this. */
    private static final String H2_BASE_DIR = "h2.baseDir";
    /**
     * The client's copies of its stdin, stdout and stderr (lib/bench-resident.bash): its 0, 1 and 2 themselves
     * point elsewhere while one of its builtins runs with a redirection.
     */
    static final int[] CALLER_FDS = {7, 8, 9};
    /** Linux's open(2) flag, as /proc/PID/fdinfo shows it (octal). */
    private static final int O_APPEND = 02000;

    private final ResidentProcess process;

    ResidentCall(ResidentProcess process) {
        this.process = process;
    }

    /** Why {@code r} must run in a JVM of its own, or null when it can run here. */
    String fallbackReason(ResidentRequest r) {
        if (r.args().isEmpty() || !SERVED.contains(r.args().get(0))) {
            return "only " + SERVED + " run in the resident process";
        }
        if (!process.sameJar(r.jar())) {
            return "another jar, or this one rebuilt since the resident process started";
        }
        if (!r.umask().equals(process.umask())) {
            return "another umask";
        }
        for (String name : START_VARIABLES) {
            if (!Objects.equals(r.environment().get(name), System.getenv(name))) {
                return "another " + name;
            }
        }
        if (!Path.of(r.workingDirectory()).isAbsolute()) {
            return "no absolute working directory";
        }
        try {
            Object uid = Files.getAttribute(Path.of("/proc/" + r.pid()), "unix:uid");
            if (!uid.equals(process.uid())) {
                return "another user's process";
            }
        } catch (IOException | UnsupportedOperationException e) {
            return "no process " + r.pid();
        }
        return null;
    }

    /**
     * Runs {@code r} once it holds {@code queue} (one call at a time, in order); {@code cancels} is the client's
     * connection ({@link ResidentCancelWatch}): a call cancelled while queued ends at once, without running.
     * A run during which the resident also served other connections ({@code load}) ends with a warning on the
     * caller's stderr. @return the reply line: {@code exit N}, or {@code fallback REASON}
     */
    String run(ResidentRequest r, InputStream cancels, ResidentServer.Replies replies, Lock queue, ResidentLoad load) {
        String reason = fallbackReason(r);
        if (reason != null) {
            return "fallback " + reason;
        }
        String fd = "/proc/" + r.pid() + "/fd/";
        String stdin = GIVE_STDIN.contains(r.args().get(0)) ? stdinProblem(r.pid()) : null;
        if (stdin != null) {
            return "fallback the caller's stdin is not a terminal, a device or a file read from its start: " + stdin;
        }
        for (int n = 1; n <= 2; n++) {
            if (!appendable(r.pid(), CALLER_FDS[n])) {
                return "fallback the caller's " + (n == 1 ? "stdout" : "stderr") + " is a file not opened for appending";
            }
        }
        FileOutputStream out;
        FileOutputStream err;
        try {
            out = new FileOutputStream(fd + CALLER_FDS[1], true);
        } catch (IOException e) {
            return "fallback cannot open the caller's stdout: " + e.getMessage();
        }
        try {
            err = new FileOutputStream(fd + CALLER_FDS[2], true);
        } catch (IOException e) {
            close(out);
            return "fallback cannot open the caller's stderr: " + e.getMessage();
        }
        ResidentCancelWatch cancel = new ResidentCancelWatch(cancels, replies);
        cancel.start();
        try (Writer outWriter = new OutputStreamWriter(out, StandardCharsets.UTF_8);
             Writer errWriter = new OutputStreamWriter(err, StandardCharsets.UTF_8)) {
            while (!queue.tryLock(100, TimeUnit.MILLISECONDS)) {
                if (cancel.signalStatus() != 0) {
                    return "exit " + cancel.signalStatus();  // cancelled in the queue: nothing ran
                }
            }
            try {
                replies.line("running");  // the client knows from here that the call may have run
                long[] before = load.snapshot();
                int code = execute(r, outWriter, errWriter, cancel);
                String warning = load.warningSince(before);
                if (warning != null) {
                    errWriter.write(warning + System.lineSeparator());
                }
                return "exit " + code;
            } finally {
                queue.unlock();
            }
        } catch (IOException e) {
            return "exit " + ExitCodes.FAILED;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "exit " + ExitCodes.FAILED;
        } finally {
            cancel.finished();
        }
    }

    private int execute(ResidentRequest r, Writer out, Writer err, ResidentCancelWatch cancel) {
        String fd = "/proc/" + r.pid() + "/fd/";
        Caller caller = Caller.process(r.pid(), Path.of(r.workingDirectory()), r.environment(), r.terminal(),
                new File(fd + CALLER_FDS[0]), new File(fd + CALLER_FDS[1]), new File(fd + CALLER_FDS[2]));
        String[] args = r.args().toArray(String[]::new);
        int[] code = {0};
        Thread command = new Thread(() -> code[0] = Caller.runFor(caller, () -> {
            System.setProperty(H2_BASE_DIR, r.workingDirectory());
            try {
                return BenchMain.execute(args, out, err);
            } finally {
                System.clearProperty(H2_BASE_DIR);
            }
        }), "bench-call-" + r.pid());
        command.start();
        cancel.watch(command);
        try {
            while (command.isAlive() && cancel.signalStatus() == 0) {
                command.join(100);
            }
            if (cancel.signalStatus() == 0) {
                return code[0];
            }
            command.join(TimeUnit.SECONDS.toMillis(CTRL_C_GRACE_SECONDS));
            if (command.isAlive()) {
                PrintWriter p = new PrintWriter(err, true);
                p.println("bench: the report and results were not finished " + CTRL_C_GRACE_SECONDS
                        + " s after the signal; exiting without the rest");
                process.haltAfterReply("a cancelled call did not end in " + CTRL_C_GRACE_SECONDS + " s");
            }
            return cancel.signalStatus();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            command.interrupt();
            return ExitCodes.FAILED;
        }
    }

    /**
     * Whether writing to the caller's descriptor through /proc/PID/fd/N (a new open of the same file) lands
     * where the caller's own writes would: a pipe, a terminal or a device, or a file opened with O_APPEND. A
     * file opened without it (a shell's {@code > file}) has an offset of its own that the new open would not
     * share, so the caller's next write would overwrite what the call wrote.
     */
    static boolean appendable(long pid, int fd) {
        Path link = Path.of("/proc/" + pid + "/fd/" + fd);
        if (!Files.isRegularFile(link)) {
            return true;
        }
        try {
            for (String line : Files.readAllLines(Path.of("/proc/" + pid + "/fdinfo/" + fd))) {
                if (line.startsWith("flags:")) {
                    return (Integer.parseInt(line.substring("flags:".length()).trim(), 8) & O_APPEND) != 0;
                }
            }
        } catch (IOException | NumberFormatException e) {
            return false;
        }
        return false;
    }

    /**
     * Null when a child (pgbench's {@code \shell}) given /proc/PID/fd/0 reads what it would read from the caller's
     * stdin: a terminal or another device, or a file not yet read from. Not a pipe or a socket: opening a pipe
     * whose writer has gone would block, and a socket cannot be opened so. Else what it is.
     */
    static String stdinProblem(long pid) {
        Path link = Path.of("/proc/" + pid + "/fd/" + CALLER_FDS[0]);
        try {
            String target = Files.readSymbolicLink(link).toString();
            if (target.startsWith("pipe:") || target.startsWith("socket:") || target.startsWith("anon_inode:")) {
                return target;
            }
            if (!Files.isRegularFile(link)) {
                return Files.exists(link) ? null : target + ", gone";
            }
            for (String line : Files.readAllLines(Path.of("/proc/" + pid + "/fdinfo/" + CALLER_FDS[0]))) {
                if (line.startsWith("pos:")) {
                    return Long.parseLong(line.substring("pos:".length()).trim()) == 0 ? null : "a file read from";
                }
            }
            return "a file of no position";
        } catch (IOException | NumberFormatException e) {
            return e.toString();
        }
    }

    private static void close(FileOutputStream out) {
        try {
            out.close();
        } catch (IOException ignored) {
            // nothing was written
        }
    }
}
