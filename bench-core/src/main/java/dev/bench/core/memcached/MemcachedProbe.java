package dev.bench.core.memcached;

import dev.bench.core.BenchException;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;

/** A memcached server's {@code version}, asked over a socket of its own within {@value #PROBE_TIMEOUT_MS} ms. */
final class MemcachedProbe {

    static final int PROBE_TIMEOUT_MS = 2_000;

    private MemcachedProbe() {
    }

    /** Asks the server for its version over a plain socket: the one check that can't hang or retry. */
    static String version(InetSocketAddress server) {
        String where = MemcachedAddresses.format(server);
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress(server.getHostString(), server.getPort()), PROBE_TIMEOUT_MS);
            socket.setSoTimeout(PROBE_TIMEOUT_MS);
            OutputStream out = socket.getOutputStream();
            out.write("version\r\n".getBytes(StandardCharsets.US_ASCII));
            out.flush();
            String reply = new BufferedReader(new InputStreamReader(socket.getInputStream(), StandardCharsets.US_ASCII))
                    .readLine();
            if (reply == null || !reply.startsWith("VERSION ")) {
                throw new BenchException("memcached at " + where + " did not answer 'version' as memcached does"
                        + " (got " + (reply == null ? "nothing" : "'" + reply + "'") + ")");
            }
            return reply.substring("VERSION ".length()).trim();
        } catch (IOException e) {
            String why = e.getMessage() != null ? e.getMessage() : e.getClass().getSimpleName();
            throw new BenchException("cannot connect to memcached at " + where + ": " + why, e);
        }
    }
}
