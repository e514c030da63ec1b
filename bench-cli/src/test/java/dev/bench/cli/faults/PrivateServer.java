package dev.bench.cli.faults;

import java.util.List;

/**
 * A server of the fault test's own, on loopback in a directory of its own, so restarting or freezing it
 * disturbs no other test (and no other engineer's run on the same machine).
 */
interface PrivateServer extends AutoCloseable {

    /** The loopback port it listens on. */
    int port();

    /** Stops it (as a service restart does: sessions end) and starts it again with its data. */
    void restart();

    /** The processes to freeze with SIGSTOP. */
    List<Long> pids();

    /** Ends the benchmark's sessions from the server's side. */
    void killSessions();

    @Override
    void close();

    /** Waits until something accepts TCP connections on the port. */
    static void awaitPort(int port, long timeoutMillis) {
        long deadline = System.currentTimeMillis() + timeoutMillis;
        while (System.currentTimeMillis() < deadline) {
            try (java.net.Socket s = new java.net.Socket("127.0.0.1", port)) {
                return;
            } catch (java.io.IOException notYet) {
                try {
                    Thread.sleep(100);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return;
                }
            }
        }
        throw new IllegalStateException("nothing listens on 127.0.0.1:" + port + " after " + timeoutMillis + " ms");
    }
}
