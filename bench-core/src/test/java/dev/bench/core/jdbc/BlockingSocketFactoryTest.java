package dev.bench.core.jdbc;

import dev.bench.core.testing.TestServers;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The sockets pgjdbc gets: real loopback sockets against a local server that answers only when told. */
class BlockingSocketFactoryTest {

    private ServerSocket server;
    private Socket peer;

    @BeforeEach
    void listen() throws IOException {
        server = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
    }

    @AfterEach
    void closeAll() throws IOException {
        if (peer != null) {
            peer.close();
        }
        server.close();
    }

    private Socket connect(Socket socket) throws IOException {
        socket.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), server.getLocalPort()), 2_000);
        peer = server.accept();
        return socket;
    }

    @Test
    void readsWritesAndTellsItsAddressesAndOptions() throws IOException {
        try (Socket socket = connect(new BlockingSocketFactory().createSocket())) {
            socket.setTcpNoDelay(true);
            socket.setKeepAlive(true);
            assertTrue(socket.getTcpNoDelay());
            assertTrue(socket.getKeepAlive());
            assertEquals(server.getLocalPort(), socket.getPort());
            assertEquals(peer.getPort(), socket.getLocalPort());
            assertEquals(InetAddress.getLoopbackAddress(), socket.getInetAddress());
            assertEquals(InetAddress.getLoopbackAddress(), socket.getLocalAddress());

            socket.getOutputStream().write("ping".getBytes());
            assertEquals("ping", new String(peer.getInputStream().readNBytes(4)));
            peer.getOutputStream().write("pong".getBytes());
            assertEquals("pong", new String(socket.getInputStream().readNBytes(4)));
        }
    }

    @Test
    void aShortTimeoutFailsTheReadAndLeavesTheSocketOpen() throws IOException {
        try (Socket socket = connect(new BlockingSocketFactory().createSocket())) {
            socket.setSoTimeout(100);
            assertEquals(100, socket.getSoTimeout());
            assertThrows(SocketTimeoutException.class, () -> socket.getInputStream().read());
            peer.getOutputStream().write(7); // the JDK's socket is usable after a timeout: so is this one
            assertEquals(7, socket.getInputStream().read());
        }
    }

    @Test
    void aLongTimeoutClosesTheSocketOnceTheReadIsOverdue() throws Exception {
        ChannelSocketImpl impl = new ChannelSocketImpl();
        try (Socket socket = connect(new Socket(impl) { })) {
            socket.setSoTimeout(ChannelSocketImpl.WATCHED_TIMEOUT_MS);
            InputStream in = socket.getInputStream();
            CompletableFuture<Integer> read = CompletableFuture.supplyAsync(() -> {
                try {
                    return in.read();
                } catch (IOException e) {
                    throw new RuntimeException(e);
                }
            });
            Thread.sleep(200); // the read is blocked now
            impl.closeIfOverdue(System.nanoTime()); // not yet overdue: nothing happens
            assertFalse(read.isDone());
            impl.closeIfOverdue(System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(ChannelSocketImpl.WATCHED_TIMEOUT_MS + 1_000));
            ExecutionException failed = assertThrows(ExecutionException.class, () -> read.get(5, TimeUnit.SECONDS));
            assertInstanceOf(SocketTimeoutException.class, failed.getCause().getCause());
        }
    }

    @Test
    void closingFromAnotherThreadEndsABlockedRead() throws Exception {
        Socket socket = connect(new BlockingSocketFactory().createSocket());
        CompletableFuture<Integer> read = CompletableFuture.supplyAsync(() -> {
            try {
                return socket.getInputStream().read();
            } catch (IOException e) {
                return -2;
            }
        });
        Thread.sleep(200);
        assertFalse(read.isDone());
        socket.close();
        assertEquals(-2, read.get(5, TimeUnit.SECONDS));
    }

    @Test
    void aPostgresTargetsConnectionsGoThroughIt() throws SQLException {
        assertConnectionsGoThroughIt(TestServers.postgresUrl());
    }

    /** Connector/J's too, through ConnectorJSocketFactory: its own factory with this one's sockets. */
    @Test
    void aConnectorJTargetsConnectionsGoThroughIt() throws SQLException {
        assertConnectionsGoThroughIt(TestServers.mysqlUrl());
    }

    /** MariaDB Connector/J's too: it takes a javax.net.SocketFactory by class name, as pgjdbc does. */
    @Test
    void aMariaDbDriverTargetsConnectionsGoThroughIt() throws SQLException {
        assertConnectionsGoThroughIt(TestServers.mariadbDriverUrl());
    }

    /**
     * HikariCP checks a connection idle over 500 ms before lending it, setting a 5 s network timeout and then the
     * connection's own. Connector/J applies each on the executor it is given: run out of order, a connection kept
     * the 5 s and its longer statements failed. Each round lends every connection after such a pause.
     */
    @Test
    void aConnectorJPoolsConnectionsKeepTheirNetworkTimeoutAfterHikariCPsChecks() throws Exception {
        assertPooledConnectionsKeepTheirNetworkTimeout(TestServers.mysqlUrl());
    }

    @Test
    void aMariaDbDriverPoolsConnectionsKeepTheirNetworkTimeoutAfterHikariCPsChecks() throws Exception {
        assertPooledConnectionsKeepTheirNetworkTimeout(TestServers.mariadbDriverUrl());
    }

    private static void assertPooledConnectionsKeepTheirNetworkTimeout(String url) throws Exception {
        int poolSize = 4;
        try (JdbcTarget target = JdbcTarget.open(url, null, null, poolSize)) {
            for (int round = 0; round < 5; round++) {
                Thread.sleep(600);
                List<Connection> lent = new ArrayList<>();
                for (int i = 0; i < poolSize; i++) {
                    lent.add(target.connection());
                }
                Thread.sleep(50); // a timeout still queued on another thread lands by now
                for (Connection c : lent) {
                    assertEquals(JdbcDriver.SOCKET_TIMEOUT_S * 1000, c.getNetworkTimeout(), "round " + round);
                    c.close();
                }
            }
        }
    }

    private static void assertConnectionsGoThroughIt(String url) throws SQLException {
        try (JdbcTarget target = JdbcTarget.open(url, null, null, 1);
             Connection c = target.connection();
             Statement s = c.createStatement();
             ResultSet r = s.executeQuery("SELECT 41 + 1")) {
            r.next();
            assertEquals(42, r.getInt(1));
            int port = java.net.URI.create(url.substring("jdbc:".length())).getPort();
            assertTrue(ReadDeadlines.watchedTo(port) >= 1, "no socket of this factory's is connected to port " + port);
        }
    }
}
