package dev.bench.core.jdbc;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketAddress;
import java.net.SocketException;
import java.net.SocketImpl;
import java.net.SocketOption;
import java.net.SocketTimeoutException;
import java.nio.channels.SocketChannel;
import java.util.Set;
import java.util.concurrent.TimeUnit;

/**
 * A client socket over a {@link SocketChannel} kept in blocking mode, so a read that waits sleeps in the
 * kernel ({@link BlockingSocketFactory} says why). The channel's own socket does the work; what this
 * adds is how a read timeout ({@code SO_TIMEOUT}) is kept:
 * <ul>
 *   <li>0: the read blocks until data, end of stream or close;</li>
 *   <li>at least {@link #WATCHED_TIMEOUT_MS}: a backstop (the tool's 300 s {@code socketTimeout}). The read
 *       still blocks; {@link ReadDeadlines} closes the socket when it has waited past the timeout, and the read
 *       throws {@link SocketTimeoutException}. pgjdbc gives up a connection on any timeout anyway;</li>
 *   <li>shorter: the channel's own timed read (non-blocking and a poll, the JDK's behaviour exactly), which
 *       leaves the socket open: pgjdbc's 1 ms check for a pending notification relies on that.</li>
 * </ul>
 *
 * <p>Threading: as any socket, one reader and one writer at a time; {@link #close} and the deadline from any thread.
 */
final class ChannelSocketImpl extends SocketImpl implements dev.bench.core.DeadlineWatch.Watched {

    /** A timeout this long is a backstop, kept by {@link ReadDeadlines}' one-second tick. */
    static final int WATCHED_TIMEOUT_MS = 10_000;

    /** The channel's own socket: blocking, its options the channel's. */
    private Socket socket;
    private volatile int timeoutMillis;
    /** When the read in progress began ({@link System#nanoTime}), 0 when none is. */
    private volatile long readingSince;
    private volatile boolean closedByDeadline;
    private InputStream in;

    @Override
    protected void create(boolean stream) throws IOException {
        if (!stream) {
            throw new SocketException("datagram sockets are not supported here");
        }
        socket = SocketChannel.open().socket();
    }

    @Override
    protected void connect(String host, int port) throws IOException {
        connect(new InetSocketAddress(host, port), 0);
    }

    @Override
    protected void connect(InetAddress address, int port) throws IOException {
        connect(new InetSocketAddress(address, port), 0);
    }

    /** The channel's timed connect puts the channel back in blocking mode when it is done. */
    @Override
    protected void connect(SocketAddress remote, int timeoutMs) throws IOException {
        socket.connect(remote, timeoutMs);
        InetSocketAddress to = (InetSocketAddress) remote;
        this.address = to.getAddress();
        this.port = to.getPort();
        this.localport = socket.getLocalPort();
        ReadDeadlines.watch(this);
    }

    @Override
    protected void bind(InetAddress host, int port) throws IOException {
        socket.bind(new InetSocketAddress(host, port));
        this.localport = socket.getLocalPort();
    }

    @Override
    protected void listen(int backlog) throws IOException {
        throw new SocketException("a client socket does not listen");
    }

    @Override
    protected void accept(SocketImpl s) throws IOException {
        throw new SocketException("a client socket does not accept");
    }

    @Override
    protected synchronized InputStream getInputStream() throws IOException {
        if (in == null) {
            in = new DeadlineInputStream(socket.getInputStream());
        }
        return in;
    }

    @Override
    protected OutputStream getOutputStream() throws IOException {
        return socket.getOutputStream();
    }

    @Override
    protected int available() throws IOException {
        return getInputStream().available();
    }

    @Override
    protected void close() throws IOException {
        ReadDeadlines.forget(this);
        if (socket != null) {
            socket.close(); // a read blocked in the channel returns
        }
    }

    @Override
    protected void shutdownInput() throws IOException {
        socket.shutdownInput();
    }

    @Override
    protected void shutdownOutput() throws IOException {
        socket.shutdownOutput();
    }

    @Override
    protected void sendUrgentData(int data) throws IOException {
        socket.sendUrgentData(data);
    }

    int remotePort() {
        return port;
    }

    /** Called by {@link ReadDeadlines}: closes the socket when its read has waited past the timeout. */
    @Override
    public void closeIfOverdue(long nowNanos) {
        long since = readingSince;
        int timeout = timeoutMillis;
        if (since != 0 && timeout >= WATCHED_TIMEOUT_MS && nowNanos - since > TimeUnit.MILLISECONDS.toNanos(timeout)) {
            closedByDeadline = true;
            try {
                close();
            } catch (IOException ignored) {
                // closing is all there is to do; the read reports the timeout
            }
        }
    }

    @Override
    public void setOption(int optID, Object value) throws SocketException {
        if (socket == null) {
            throw new SocketException("socket not created");
        }
        switch (optID) {
            case SO_TIMEOUT -> {
                int ms = (Integer) value;
                timeoutMillis = ms;
                socket.setSoTimeout(ms >= WATCHED_TIMEOUT_MS ? 0 : ms);
            }
            case TCP_NODELAY -> socket.setTcpNoDelay((Boolean) value);
            case SO_KEEPALIVE -> socket.setKeepAlive((Boolean) value);
            case SO_RCVBUF -> socket.setReceiveBufferSize((Integer) value);
            case SO_SNDBUF -> socket.setSendBufferSize((Integer) value);
            case SO_REUSEADDR -> socket.setReuseAddress((Boolean) value);
            case SO_OOBINLINE -> socket.setOOBInline((Boolean) value);
            case IP_TOS -> socket.setTrafficClass((Integer) value);
            case SO_LINGER -> {
                if (value instanceof Integer seconds) {
                    socket.setSoLinger(true, seconds);
                } else {
                    socket.setSoLinger(false, 0);
                }
            }
            default -> throw new SocketException("socket option " + optID + " is not supported here");
        }
    }

    @Override
    public Object getOption(int optID) throws SocketException {
        if (socket == null) {
            throw new SocketException("socket not created");
        }
        return switch (optID) {
            case SO_TIMEOUT -> timeoutMillis;
            case TCP_NODELAY -> socket.getTcpNoDelay();
            case SO_KEEPALIVE -> socket.getKeepAlive();
            case SO_RCVBUF -> socket.getReceiveBufferSize();
            case SO_SNDBUF -> socket.getSendBufferSize();
            case SO_REUSEADDR -> socket.getReuseAddress();
            case SO_OOBINLINE -> socket.getOOBInline();
            case IP_TOS -> socket.getTrafficClass();
            case SO_LINGER -> socket.getSoLinger() < 0 ? Boolean.FALSE : Integer.valueOf(socket.getSoLinger());
            case SO_BINDADDR -> socket.getLocalAddress();
            default -> throw new SocketException("socket option " + optID + " is not supported here");
        };
    }

    @Override
    protected <T> void setOption(SocketOption<T> name, T value) throws IOException {
        socket.setOption(name, value);
    }

    @Override
    protected <T> T getOption(SocketOption<T> name) throws IOException {
        return socket.getOption(name);
    }

    @Override
    protected Set<SocketOption<?>> supportedOptions() {
        return socket.supportedOptions();
    }

    /** The channel socket's input, with the read's start time kept for {@link ReadDeadlines}. */
    private final class DeadlineInputStream extends InputStream {

        private final InputStream in;

        DeadlineInputStream(InputStream in) {
            this.in = in;
        }

        @Override
        public int read() throws IOException {
            byte[] one = new byte[1];
            int n = read(one, 0, 1);
            return n > 0 ? one[0] & 0xff : -1;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            readingSince = System.nanoTime() | 1; // never 0 while reading
            try {
                return in.read(b, off, len);
            } catch (IOException e) {
                if (closedByDeadline) {
                    SocketTimeoutException timedOut = new SocketTimeoutException("Read timed out after " + timeoutMillis
                            + " ms (the socket was closed)");
                    timedOut.initCause(e);
                    throw timedOut;
                }
                throw e;
            } finally {
                readingSince = 0;
            }
        }

        @Override
        public int available() throws IOException {
            return in.available();
        }

        @Override
        public void close() throws IOException {
            ChannelSocketImpl.this.close();
        }
    }
}
