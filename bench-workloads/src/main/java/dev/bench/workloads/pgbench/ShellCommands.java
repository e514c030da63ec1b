package dev.bench.workloads.pgbench;

import dev.bench.core.Caller;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;

/**
 * {@code \shell} and {@code \setshell}, as pgbench runs them: the command through {@code /bin/sh -c};
 * \shell must exit 0, \setshell's first line of output must be an integer, stored in its variable.
 * The client waits for it, so its time counts in the transaction's latency.
 */
final class ShellCommands {

    private ShellCommands() {
    }

    static void run(Command.Shell shell, Variables variables) {
        String word = shell.variable() == null ? "shell" : "setshell";
        String command = commandLine(shell, variables, word);
        ProcessBuilder builder = Caller.prepare(new ProcessBuilder("/bin/sh", "-c", command)).redirectError(Caller.error());
        if (shell.variable() == null) {
            builder.redirectOutput(Caller.output()); // pgbench's system(): the command's output is pgbench's
        }
        Process p;
        try {
            p = builder.start();
        } catch (IOException e) {
            throw new EvalException(word + ": could not launch shell command");
        }
        try (InputStream out = p.getInputStream()) {
            String output = new String(out.readAllBytes(), StandardCharsets.UTF_8);
            int exit = p.waitFor();
            if (shell.variable() == null) {
                if (exit != 0) {
                    throw new EvalException(word + ": could not launch shell command");
                }
                return;
            }
            if (output.isEmpty()) {
                throw new EvalException(word + ": could not read result of shell command");
            }
            // fgets' first line, read by strtol: trailing spaces (the newline) allowed, nothing else
            int nl = output.indexOf('\n');
            String first = nl < 0 ? output : output.substring(0, nl + 1);
            try {
                variables.set(shell.variable(), Value.of((long) (int) Long.parseLong(first.strip())));
            } catch (NumberFormatException notInt) {
                throw new EvalException(word + ": shell command must return an integer (not \"" + first + "\")");
            }
        } catch (IOException e) {
            throw new EvalException(word + ": could not read result of shell command");
        } catch (InterruptedException e) {
            p.destroy();
            Thread.currentThread().interrupt();
            throw new EvalException(word + ": interrupted");
        }
    }

    /** pgbench's joining: {@code :name} is the variable's text, {@code ::x} is {@code :x}, other words as they are. */
    static String commandLine(Command.Shell shell, Variables variables, String word) {
        StringBuilder command = new StringBuilder();
        for (String w : shell.words()) {
            String arg = w;
            if (w.startsWith("::")) {
                arg = w.substring(1);
            } else if (w.startsWith(":")) {
                arg = variables.text(w.substring(1));
                if (arg == null) {
                    throw new EvalException(word + ": undefined variable \"" + w + "\"");
                }
            }
            command.append(command.length() == 0 ? "" : " ").append(arg);
        }
        return command.toString();
    }
}
