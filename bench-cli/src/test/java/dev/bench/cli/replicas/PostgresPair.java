package dev.bench.cli.replicas;

import dev.bench.core.testing.SkipOrFail;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;

/**
 * The PostgreSQL primary + streaming standby of {@code scripts/replicas.sh}, as its export lines name it
 * (BENCH_PG_PAIR_URL, BENCH_PG_PAIR_SCRIPT, BENCH_PG_PAIR_DIR): the script's commands, and the times the
 * servers' own logs give for a failover (the old primary's immediate shutdown, the promoted node ready).
 */
final class PostgresPair {

    private static final DateTimeFormatter LOG_TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss.SSS");
    private static final long SCRIPT_TIMEOUT_S = 60;

    final String url;
    private final String script;
    private final Path dir;

    private PostgresPair(String url, String script, Path dir) {
        this.url = url;
        this.script = script;
        this.dir = dir;
    }

    /** The pair the environment names, or the test is skipped (failed under BENCH_REQUIRE_SERVICES). */
    static PostgresPair fromEnvironment() {
        String url = System.getenv("BENCH_PG_PAIR_URL");
        String script = System.getenv("BENCH_PG_PAIR_SCRIPT");
        String dir = System.getenv("BENCH_PG_PAIR_DIR");
        if (url == null || script == null || dir == null) {
            return SkipOrFail.missing("no PostgreSQL pair: BENCH_PG_PAIR_URL, _SCRIPT, _DIR are not set "
                    + "(run: eval \"$(scripts/replicas.sh)\" as root)");
        }
        return new PostgresPair(url, script, Paths.get(dir));
    }

    /** A healthy pair again, in this mode (async or sync): the node that is not primary rebuilt as its standby. */
    void reset(String mode) {
        run("reset", mode);
    }

    /** The port of the node accepting writes. */
    int primaryPort() {
        return Integer.parseInt(run("primary").strip());
    }

    /**
     * Stops the primary (immediate) and promotes the standby; returns the promoted node's port. With a lag,
     * the primary's WAL sender is first held still that many seconds, so the async commits of that time are lost.
     */
    int failover(String... lagSeconds) {
        return Integer.parseInt(run(concat(List.of("failover"), lagSeconds).toArray(String[]::new)).strip());
    }

    /** A {@link #failover} {@code afterNanos} from now, on a thread of its own, while the caller runs a workload. */
    Later failoverAfter(long afterNanos, String... lagSeconds) {
        AtomicReference<Integer> promoted = new AtomicReference<>();
        Thread failover = new Thread(() -> {
            LockSupport.parkNanos(afterNanos);
            promoted.set(failover(lagSeconds));
        }, "failover");
        failover.start();
        return () -> {
            failover.join();
            return promoted.get();
        };
    }

    /** A failover under way: {@link #promoted} waits for it and gives the promoted node's port (null if it failed). */
    interface Later {
        Integer promoted() throws InterruptedException;
    }

    /** The last immediate shutdown request in this node's log, in epoch ms. */
    long shutdownEpochMs(int port) throws IOException {
        return lastLogTime(port, "received immediate shutdown request");
    }

    /** The last time this node said it accepts (read-write) connections, in epoch ms. */
    long readyEpochMs(int port) throws IOException {
        return lastLogTime(port, "database system is ready to accept connections");
    }


    private long lastLogTime(int port, String message) throws IOException {
        List<String> lines = Files.readAllLines(dir.resolve(port + "/server.log"), StandardCharsets.UTF_8);
        for (int i = lines.size() - 1; i >= 0; i--) {
            String line = lines.get(i);
            if (line.endsWith(message)) {
                // "2026-11-26 22:53:52.622 UTC [2331] LOG:  ...": the script sets log_timezone to UTC
                return LocalDateTime.parse(line.substring(0, 23), LOG_TIME).toInstant(ZoneOffset.UTC).toEpochMilli();
            }
        }
        throw new AssertionError("no '" + message + "' in " + dir.resolve(port + "/server.log"));
    }

    private String run(String... args) {
        try {
            // the servers run as the postgres user: root runs the script (CI's .ci/run), others through sudo (GitHub's runner)
            // the pair's directory names it (its ports are kept there): a second pair may run beside the default one
            String pairDir = "BENCH_PAIR_DIR=" + dir;
            List<String> command = "root".equals(System.getProperty("user.name")) ? List.of("env", pairDir, "bash", script)
                    : List.of("sudo", "-n", "env", pairDir, "bash", script);
            Process p = new ProcessBuilder(concat(command, args)).redirectError(ProcessBuilder.Redirect.INHERIT).start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!p.waitFor(SCRIPT_TIMEOUT_S, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new AssertionError("replicas.sh " + String.join(" ", args) + " took over " + SCRIPT_TIMEOUT_S + " s");
            }
            if (p.exitValue() != 0) {
                throw new AssertionError("replicas.sh " + String.join(" ", args) + " exited " + p.exitValue());
            }
            return out;
        } catch (IOException e) {
            throw new AssertionError("cannot run " + script + ": " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted", e);
        }
    }

    private static List<String> concat(List<String> head, String... tail) {
        List<String> all = new java.util.ArrayList<>(head);
        all.addAll(List.of(tail));
        return all;
    }
}
