package dev.bench.cli.resident;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The resident process's loopback port: each connection is one request, after a handshake in which the
 * resident and the client prove they know the token ({@link ResidentHandshake}); calls run one at a time, in
 * the order they came ({@link ResidentCall}); {@code ping} and {@code stop} are answered at once. Another
 * local user can connect, so what a connection may cost is bounded: {@value #MAX_CONNECTIONS} at once, of them
 * {@value #MAX_UNPROVEN} not yet proven (more are answered {@code busy} and closed), a few hundred bytes read
 * before the proof, {@value #REQUEST_DEADLINE_MS} ms for the whole handshake and request. It ends on
 * {@code stop}, after {@code idleSeconds} without a proven connection, or after a call that would not end.
 */
final class ResidentServer {

    static final int MAX_CONNECTIONS = 64;
    static final int MAX_UNPROVEN = 16;
    /** The handshake and the request together, however slowly they trickle in. */
    static final int REQUEST_DEADLINE_MS = 5_000;
    private static final int ACCEPT_TICK_MS = 1_000;

    private final ServerSocket socket;
    private final ResidentHandshake handshake;
    private final ResidentProcess process;
    private final ResidentCall calls;
    private final ResidentLoad load = new ResidentLoad();
    private final ReentrantLock oneCallAtATime = new ReentrantLock(true);
    private final AtomicInteger open = new AtomicInteger();
    private final AtomicInteger unproven = new AtomicInteger();
    private final AtomicInteger proven = new AtomicInteger();
    private final ScheduledExecutorService deadlines = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "bench-resident-deadlines");
        t.setDaemon(true);
        return t;
    });
    private final Charset charset;
    private volatile long lastProvenNanos = System.nanoTime();
    private volatile boolean stopping;

    ResidentServer(byte[] token, ResidentProcess process) throws IOException {
        this.socket = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        this.handshake = new ResidentHandshake(token);
        this.process = process;
        this.calls = new ResidentCall(process);
        // decoded as this JVM decodes its own arguments and environment
        this.charset = Charset.forName(System.getProperty("sun.jnu.encoding", "UTF-8"));
    }

    int port() {
        return socket.getLocalPort();
    }

    /** Serves until stopped or idle; @return why it stopped */
    String serve(int idleSeconds) {
        try {
            socket.setSoTimeout(ACCEPT_TICK_MS);
            while (!stopping) {
                // only proven connections keep it alive: others' connections (a slowloris) do not
                if (idleSeconds > 0 && proven.get() == 0 && System.nanoTime() - lastProvenNanos > TimeUnit.SECONDS.toNanos(idleSeconds)) {
                    return "idle for " + idleSeconds + " s";
                }
                Socket s;
                try {
                    s = socket.accept();
                } catch (SocketTimeoutException tick) {
                    continue;
                }
                load.connection();
                if (open.get() >= MAX_CONNECTIONS || unproven.get() >= MAX_UNPROVEN) {
                    load.turnedAway();
                    turnAway(s);
                    continue;
                }
                open.incrementAndGet();
                unproven.incrementAndGet();
                Thread t = new Thread(() -> handle(s), "bench-resident-connection");
                t.setDaemon(true);
                t.start();
            }
            return "stopped" + afterOpenRequests();
        } catch (IOException e) {
            return stopping ? "stopped" + afterOpenRequests() : "the port failed: " + e.getMessage();
        } finally {
            load.flush();
            closeQuietly(socket);
        }
    }

    /** Waits for the requests already taken (a running call, those queued behind it) to be answered. */
    private String afterOpenRequests() {
        boolean waited = false;
        while (proven.get() > 0) {
            waited = true;
            try {
                Thread.sleep(100);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return ", with calls still running";
            }
        }
        return waited ? ", after the calls it had taken" : "";
    }

    private void handle(Socket s) {
        boolean isProven = false;
        // the whole handshake and request, not each read: a client trickling a byte at a time is cut off too
        ScheduledFuture<?> cut = deadlines.schedule(() -> closeQuietly(s), REQUEST_DEADLINE_MS, TimeUnit.MILLISECONDS);
        try (s) {
            s.setSoTimeout(REQUEST_DEADLINE_MS);
            InputStream in = new BufferedInputStream(s.getInputStream(), ResidentHandshake.MAX_BYTES_UNPROVEN);
            Replies out = new Replies(s.getOutputStream());
            String refusal = handshake.serve(in, out);
            if (refusal != null) {
                load.refused(refusal, s.getPort());
                out.line("refused");
                return;
            }
            isProven = true;
            proven.incrementAndGet();
            unproven.decrementAndGet();
            lastProvenNanos = System.nanoTime();
            ResidentRequest r = ResidentRequest.read(in, charset);
            if (!cut.cancel(false)) {
                return;
            }
            s.setSoTimeout(0);
            switch (r.verb()) {
                case "ping" -> out.line("pong " + ProcessHandle.current().pid());
                case "stop" -> {
                    out.line("stopping");
                    stop();
                }
                case "run" -> {
                    String answer = calls.run(r, in, out, oneCallAtATime, load);
                    out.line(answer);
                    if (answer.startsWith("fallback ")) {
                        log("pid " + r.pid() + ": " + answer);  // the reason alone: no argument, no variable
                    }
                    if (process.haltReason() != null) {
                        log("ending: " + process.haltReason());
                        Runtime.getRuntime().halt(1);
                    }
                }
                default -> out.line("unknown verb " + r.verb());
            }
        } catch (IOException e) {
            if (isProven) {
                log("a request failed: " + e.getMessage());
            }
            // an unproven connection's failure is not logged: anyone can cause as many as they like
        } finally {
            cut.cancel(false);
            open.decrementAndGet();
            if (isProven) {
                lastProvenNanos = System.nanoTime();
                proven.decrementAndGet();
            } else {
                unproven.decrementAndGet();
            }
        }
    }

    /** Over the cap: said in one short write (it cannot block on a new socket), then closed. */
    private static void turnAway(Socket s) {
        try (s) {
            s.getOutputStream().write("busy\n".getBytes(StandardCharsets.US_ASCII));
        } catch (IOException ignored) {
            // the client went already
        }
    }

    void stop() {
        stopping = true;
        closeQuietly(socket);
    }

    private static void closeQuietly(java.io.Closeable c) {
        try {
            c.close();
        } catch (IOException ignored) {
            // closing anyway
        }
    }

    static void log(String message) {
        ResidentMain.log(message);
    }

    /** A connection's answer lines: the call's thread and its cancel watch both write them, whole. */
    static final class Replies {
        private final OutputStream out;

        Replies(OutputStream out) {
            this.out = out;
        }

        synchronized void line(String line) throws IOException {
            out.write((line + "\n").getBytes(StandardCharsets.UTF_8));
            out.flush();
        }
    }
}
