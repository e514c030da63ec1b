package dev.bench.cli.faults;

import java.io.IOException;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** A private server that is one child process of the test (MariaDB, memcached): started, stopped with SIGTERM, restarted. */
abstract class ChildProcessServer implements PrivateServer {

    private final int port;
    private final long startMillis;
    private Process server;

    ChildProcessServer(int port, long startMillis) {
        this.port = port;
        this.startMillis = startMillis;
    }

    /** The server's command line, listening on 127.0.0.1:{@link #port()}. */
    protected abstract ProcessBuilder command();

    protected final void start() {
        try {
            server = command().redirectErrorStream(true).start();
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
        PrivateServer.awaitPort(port, startMillis);
    }

    /** SIGTERM, as a service stop sends: a clean shutdown, its sessions end. */
    protected final void stop() {
        server.destroy();
        try {
            if (!server.waitFor(60, TimeUnit.SECONDS)) {
                server.destroyForcibly().waitFor();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public int port() {
        return port;
    }

    @Override
    public void restart() {
        stop();
        start();
    }

    @Override
    public List<Long> pids() {
        return List.of(server.pid());
    }

    @Override
    public void close() {
        stop();
    }
}
