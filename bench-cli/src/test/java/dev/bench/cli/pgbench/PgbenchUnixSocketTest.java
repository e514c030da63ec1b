package dev.bench.cli.pgbench;

import dev.bench.cli.CliRunner;
import dev.bench.core.testing.SkipOrFail;
import dev.bench.core.testing.TestServers;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.StandardProtocolFamily;
import java.net.URI;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code bench pgbench -h /socket/dir}: libpq's Unix-domain sockets, over junixsocket, to a real PostgreSQL. */
@Timeout(60)
class PgbenchUnixSocketTest {

    /** Debian's cluster (scripts/services.sh) listens here; its pg_hba lets only peers in over the socket. */
    private static final Path DEBIAN_SOCKET = Path.of(LibpqParameters.DEBIAN_SOCKET_DIRECTORY, ".s.PGSQL.5432");

    @TempDir
    Path dir;

    /** A role that is not this process's user: peer authentication refuses it, and says so over the socket. */
    @Test
    void theServerAnswersOverItsSocketInLibpqsWords() {
        SkipOrFail.unless(Files.exists(DEBIAN_SOCKET), "no PostgreSQL socket at " + DEBIAN_SOCKET);
        CliRunner r = CliRunner.run("pgbench", "-h", LibpqParameters.DEBIAN_SOCKET_DIRECTORY, "-p", "5432",
                "-U", "bench_socket_probe", "-n", "-S", "-t", "1", "bench");
        assertEquals(1, r.exitCode(), r.err());
        assertTrue(r.err().contains("connection to server on socket \"" + DEBIAN_SOCKET + "\" failed: FATAL:  "), r.err());
    }

    /** The test's own socket, relayed to the test server's TCP port: a whole run with a password, through the socket. */
    @Test
    void aRunGoesThroughAUnixSocket() throws Exception {
        URI server = URI.create(TestServers.postgresUrl().substring("jdbc:".length()));
        Map<String, String> query = query(server.getQuery());
        Path script = dir.resolve("one.sql");
        Files.writeString(script, "SELECT 1;\n");
        try (SocketRelay relay = new SocketRelay(dir.resolve(".s.PGSQL.5499"), new InetSocketAddress(server.getHost(), server.getPort()))) {
            CliRunner r = CliRunner.run("pgbench", "-h", dir.toString(), "-p", "5499", "-U", query.get("user"),
                    "--password", query.get("password"), "-n", "-f", script.toString(), "-c", "2", "-t", "3",
                    server.getPath().substring(1));
            assertEquals(0, r.exitCode(), r.err());
            assertTrue(r.out().contains("number of transactions actually processed: 6/6"), r.out());
            assertTrue(relay.accepted() >= 2, "connections through the socket: " + relay.accepted());
        }
    }

    private static Map<String, String> query(String query) {
        Map<String, String> m = new HashMap<>();
        for (String pair : query.split("&")) {
            String[] kv = pair.split("=", 2);
            m.put(kv[0], kv[1]);
        }
        return m;
    }

    /** A Unix-domain socket whose every connection is relayed to a TCP address, both ways. */
    private static final class SocketRelay implements AutoCloseable {
        private final ServerSocketChannel listener;
        private final InetSocketAddress target;
        private volatile int accepted;

        SocketRelay(Path socket, InetSocketAddress target) throws IOException {
            this.target = target;
            listener = ServerSocketChannel.open(StandardProtocolFamily.UNIX);
            listener.bind(UnixDomainSocketAddress.of(socket));
            Thread t = new Thread(this::accept, "socket-relay");
            t.setDaemon(true);
            t.start();
        }

        int accepted() {
            return accepted;
        }

        private void accept() {
            try {
                while (true) {
                    SocketChannel client = listener.accept();
                    accepted++;
                    SocketChannel upstream = SocketChannel.open(target);
                    pump(client, upstream);
                    pump(upstream, client);
                }
            } catch (IOException e) {
                // closed: the test is over
            }
        }

        private static void pump(SocketChannel from, SocketChannel to) {
            Thread t = new Thread(() -> {
                ByteBuffer buffer = ByteBuffer.allocate(16384);
                try (from; to) {
                    while (from.read(buffer) >= 0) {
                        buffer.flip();
                        while (buffer.hasRemaining()) {
                            to.write(buffer);
                        }
                        buffer.clear();
                    }
                } catch (IOException e) {
                    // one side closed: close both
                }
            }, "socket-relay-pump");
            t.setDaemon(true);
            t.start();
        }

        @Override
        public void close() throws IOException {
            listener.close();
        }
    }
}
