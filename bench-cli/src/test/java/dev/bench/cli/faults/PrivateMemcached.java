package dev.bench.cli.faults;

import java.io.IOException;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** A memcached of its own. It keeps nothing across a restart, as memcached never does. */
final class PrivateMemcached implements PrivateServer {

    private final int port;
    private Process server;

    PrivateMemcached(int port) {
        this.port = port;
        start();
    }

    private void start() {
        try {
            server = new ProcessBuilder("memcached", "-u", "memcache", "-l", "127.0.0.1", "-p", Integer.toString(port), "-m", "64")
                    .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
        PrivateServer.awaitPort(port, 10_000);
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

    private void stop() {
        server.destroy();
        try {
            server.waitFor(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public List<Long> pids() {
        return List.of(server.pid());
    }

    /** memcached has no sessions to end from its side: the harness resets the client's connections instead. */
    @Override
    public void killSessions() {
        throw new UnsupportedOperationException("memcached: reset the relay's connections");
    }

    @Override
    public void close() {
        stop();
    }
}
