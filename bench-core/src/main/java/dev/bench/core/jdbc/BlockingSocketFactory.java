package dev.bench.core.jdbc;

import javax.net.SocketFactory;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketException;

/**
 * pgjdbc's and MariaDB Connector/J's sockets ({@code socketFactory}): a read that waits for the server's reply sleeps in one
 * {@code read(2)}. The JDK's own socket, once any call on it had a timeout (pgjdbc's connect has one,
 * and the tool's 300 s {@code socketTimeout} backstop is on every read), is non-blocking for good: each
 * reply then costs a {@code read} that fails with EAGAIN, a {@code poll} and the {@code read} that gets
 * it. On a 2-core machine where client and server share the cores, those two calls per op are a fifth
 * of the client's CPU in a point-select run (docs/ycsb.md, "Against YCSB itself").
 *
 * <p>The sockets are {@link ChannelSocketImpl}s; a URL naming {@code socketFactory} still wins.
 */
public final class BlockingSocketFactory extends SocketFactory {

    /** pgjdbc and MariaDB Connector/J instantiate the factory by its class name. */
    public BlockingSocketFactory() {
    }

    @Override
    public Socket createSocket() throws SocketException {
        return blockingSocket();
    }

    /** An unconnected socket that waits for replies in one blocking {@code read(2)}; {@link ConnectorJSocketFactory}'s too. */
    static Socket blockingSocket() throws SocketException {
        return new ChannelSocket();
    }

    @Override
    public Socket createSocket(String host, int port) throws IOException {
        return connected(new InetSocketAddress(host, port));
    }

    @Override
    public Socket createSocket(String host, int port, InetAddress localHost, int localPort) throws IOException {
        return connected(new InetSocketAddress(host, port), new InetSocketAddress(localHost, localPort));
    }

    @Override
    public Socket createSocket(InetAddress host, int port) throws IOException {
        return connected(new InetSocketAddress(host, port));
    }

    @Override
    public Socket createSocket(InetAddress host, int port, InetAddress localHost, int localPort) throws IOException {
        return connected(new InetSocketAddress(host, port), new InetSocketAddress(localHost, localPort));
    }

    private Socket connected(InetSocketAddress remote, InetSocketAddress... local) throws IOException {
        Socket socket = createSocket();
        try {
            if (local.length > 0) {
                socket.bind(local[0]);
            }
            socket.connect(remote);
            return socket;
        } catch (IOException | RuntimeException e) {
            socket.close();
            throw e;
        }
    }

    /** A {@link Socket} whose work is done by a {@link ChannelSocketImpl} (the JDK's way to give a socket another implementation). */
    private static final class ChannelSocket extends Socket {
        ChannelSocket() throws SocketException {
            super(new ChannelSocketImpl());
        }
    }
}
