package dev.bench.core.testing;

import java.io.File;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A memcached process of the test's own on a free loopback port, for failure tests that kill and
 * restart the server: the shared one (BENCH_MEMCACHED) serves other tests and must stay up. The same
 * port is reused on {@link #restart} so clients find it again. Skipped (or, with
 * BENCH_REQUIRE_SERVICES, failed) when there is no memcached binary.
 *
 * <p>Threading: one test thread.
 */
public final class LocalMemcached implements AutoCloseable {

    static final String BINARY = "/usr/bin/memcached";
    private static final long START_TIMEOUT_MS = 5_000;

    private final int port;
    private final int megabytes;
    private Process process;

    private LocalMemcached(int port, int megabytes) {
        this.port = port;
        this.megabytes = megabytes;
    }

    public static LocalMemcached start() throws IOException {
        return start(64);
    }

    /** @param megabytes its memory limit ({@code -m}): a small one makes it evict */
    public static LocalMemcached start(int megabytes) throws IOException {
        if (!new File(BINARY).canExecute()) {
            SkipOrFail.missing("no " + BINARY + " to start a test memcached (apt-get install memcached)");
        }
        LocalMemcached m = new LocalMemcached(freePort(), megabytes);
        m.restart();
        return m;
    }

    public String address() {
        return "127.0.0.1:" + port;
    }

    public int port() {
        return port;
    }

    /** Starts the process (again) on the same port and waits until it accepts connections. */
    public void restart() throws IOException {
        if (process != null && process.isAlive()) {
            throw new IllegalStateException("memcached on " + address() + " is still running");
        }
        List<String> command = new ArrayList<>(List.of(BINARY, "-l", "127.0.0.1", "-p", String.valueOf(port), "-U", "0",
                "-m", String.valueOf(megabytes)));
        if ("root".equals(System.getProperty("user.name"))) {
            command.addAll(List.of("-u", "root")); // memcached refuses to run as root without it
        }
        process = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(START_TIMEOUT_MS);
        while (!accepts()) {
            if (!process.isAlive() || System.nanoTime() > deadline) {
                process.destroyForcibly();
                throw new IOException("test memcached did not start on " + address());
            }
            sleep(20);
        }
    }

    /** SIGSTOP ({@code true}) or SIGCONT: a server that hangs, its connections open and silent. */
    public void pause(boolean stop) throws IOException, InterruptedException {
        new ProcessBuilder("kill", stop ? "-STOP" : "-CONT", String.valueOf(process.pid())).inheritIO().start().waitFor();
        // kill returns once the signal is sent; each thread stops when it next runs. Wait until all have, or a
        // request sent meanwhile may still be answered (CI saw a reply 50 ms after the kill on a busy machine).
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(2);
        while (stop && !allThreadsStopped() && System.nanoTime() < deadline) {
            sleep(5);
        }
    }

    /** Every thread of the process in state T (stopped), from /proc/PID/task/TID/stat. */
    private boolean allThreadsStopped() throws IOException {
        File[] tasks = new File("/proc/" + process.pid() + "/task").listFiles();
        if (tasks == null) {
            return true; // no /proc: nothing to wait for
        }
        for (File task : tasks) {
            String stat = java.nio.file.Files.readString(new File(task, "stat").toPath());
            if (stat.charAt(stat.lastIndexOf(')') + 2) != 'T') {
                return false;
            }
        }
        return true;
    }

    /** SIGKILL, as a crash: no goodbye to the clients. Waits until the port is closed. */
    public void kill() throws InterruptedException {
        if (process != null) {
            process.destroyForcibly();
            process.waitFor(5, TimeUnit.SECONDS);
        }
    }

    private boolean accepts() {
        try (Socket s = new Socket()) {
            s.connect(new InetSocketAddress("127.0.0.1", port), 200);
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    /** A port nobody listens on now (the OS hands out each ephemeral port rarely twice in a row). */
    public static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }

    private static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public void close() throws InterruptedException {
        kill();
    }
}
