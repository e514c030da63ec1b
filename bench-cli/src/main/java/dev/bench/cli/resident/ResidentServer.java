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
import java.security.MessageDigest;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The resident process's loopback port: each connection is one request ({@link ResidentRequest}) whose first
 * field must be the token; calls run one at a time, in the order they came ({@link ResidentCall}); {@code ping}
 * and {@code stop} are answered at once. It ends on {@code stop}, after {@code idleSeconds} without a
 * connection, or after a call that would not end.
 */
final class ResidentServer {

    /** How long a client has to send its request: a connection that says nothing is not one. */
    private static final int REQUEST_TIMEOUT_MS = 10_000;
    private static final long MAX_DISCARD = 4L << 20;

    private final ServerSocket socket;
    private final byte[] token;
    private final ResidentProcess process;
    private final ResidentCall calls;
    private final ReentrantLock oneCallAtATime = new ReentrantLock(true);
    private final AtomicInteger open = new AtomicInteger();
    private final Charset charset;
    private volatile boolean stopping;

    ResidentServer(byte[] token, ResidentProcess process) throws IOException {
        this.socket = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        this.token = token.clone();
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
            socket.setSoTimeout(idleSeconds <= 0 ? 0 : idleSeconds * 1000);
            while (!stopping) {
                Socket s;
                try {
                    s = socket.accept();
                } catch (SocketTimeoutException idle) {
                    if (open.get() == 0) {
                        return "idle for " + idleSeconds + " s";
                    }
                    continue;
                }
                open.incrementAndGet();
                Thread t = new Thread(() -> handle(s), "bench-resident-connection");
                t.setDaemon(true);
                t.start();
            }
            return "stopped" + afterOpenRequests();
        } catch (IOException e) {
            return stopping ? "stopped" + afterOpenRequests() : "the port failed: " + e.getMessage();
        } finally {
            closeQuietly();
        }
    }

    /** Waits for the requests already taken (a running call, those queued behind it) to be answered. */
    private String afterOpenRequests() {
        boolean waited = false;
        while (open.get() > 0) {
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
        try (s) {
            s.setSoTimeout(REQUEST_TIMEOUT_MS);
            InputStream in = new BufferedInputStream(s.getInputStream());
            OutputStream out = s.getOutputStream();
            String given = ResidentRequest.readToken(in, charset);
            if (!MessageDigest.isEqual(given.getBytes(StandardCharsets.UTF_8), token)) {
                log("refused a request with a wrong token from port " + s.getPort());
                reply(out, "refused");
                discardRest(s, in);
                return;
            }
            ResidentRequest r = ResidentRequest.readAfterToken(in, charset);
            s.setSoTimeout(0);
            switch (r.verb()) {
                case "ping" -> reply(out, "pong " + ProcessHandle.current().pid());
                case "stop" -> {
                    reply(out, "stopping");
                    stop();
                }
                case "run" -> {
                    String answer;
                    oneCallAtATime.lock();
                    try {
                        answer = calls.run(r, in);
                    } finally {
                        oneCallAtATime.unlock();
                    }
                    reply(out, answer);
                    if (answer.startsWith("fallback ")) {
                        log("pid " + r.pid() + ": " + answer);  // the reason alone: no argument, no variable
                    }
                    if (process.haltReason() != null) {
                        log("ending: " + process.haltReason());
                        Runtime.getRuntime().halt(1);
                    }
                }
                default -> reply(out, "unknown verb " + r.verb());
            }
        } catch (IOException e) {
            log("a request failed: " + e.getMessage());
        } finally {
            open.decrementAndGet();
        }
    }

    /**
     * Reads and drops what the refused client still sends (at most a request's worth, for at most a second):
     * closing with it unread would reset the connection, and the client could lose the answer.
     */
    private static void discardRest(Socket s, InputStream in) throws IOException {
        s.shutdownOutput();
        s.setSoTimeout(1000);
        try {
            long dropped = 0;
            while (dropped < MAX_DISCARD && in.read() >= 0) {
                dropped++;
            }
        } catch (SocketTimeoutException enough) {
            // the client sent nothing more
        }
    }

    void stop() {
        stopping = true;
        closeQuietly();
    }

    private void closeQuietly() {
        try {
            socket.close();
        } catch (IOException ignored) {
            // closing anyway
        }
    }

    private static void reply(OutputStream out, String line) throws IOException {
        out.write((line + "\n").getBytes(StandardCharsets.UTF_8));
        out.flush();
    }

    static void log(String message) {
        ResidentMain.log(message);
    }
}
