package dev.bench.cli.faults;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** Runs the machine's own tools (ip, pg_ctl, kill) for the fault harness: a failure is the test's error. */
final class Shell {

    private Shell() {
    }

    /** Runs a command to its end; its output when it succeeds, else an exception with what it said. */
    static String run(String... command) {
        try {
            Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
            byte[] out = p.getInputStream().readAllBytes();
            if (!p.waitFor(120, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new IllegalStateException(String.join(" ", command) + ": still running after 120 s");
            }
            String text = new String(out, StandardCharsets.UTF_8);
            if (p.exitValue() != 0) {
                throw new IllegalStateException(String.join(" ", command) + ": exit " + p.exitValue() + ": " + text.strip());
            }
            return text;
        } catch (IOException e) {
            throw new IllegalStateException(String.join(" ", command) + ": " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }

    /** Like {@link #run}, for clean-up of what may not exist: errors are ignored. */
    static void quietly(String... command) {
        try {
            run(command);
        } catch (IllegalStateException ignored) {
            // nothing to clean up
        }
    }

    /** Stops ({@code STOP}) or resumes ({@code CONT}) processes, as a frozen VM or a GC pause of the server looks. */
    static void signal(String signal, List<Long> pids) {
        String[] cmd = new String[pids.size() + 2];
        cmd[0] = "kill";
        cmd[1] = "-" + signal;
        for (int i = 0; i < pids.size(); i++) {
            cmd[i + 2] = Long.toString(pids.get(i));
        }
        run(cmd);
    }

    static boolean isRoot() {
        return "root".equals(System.getProperty("user.name"));
    }
}
