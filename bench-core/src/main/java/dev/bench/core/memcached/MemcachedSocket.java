package dev.bench.core.memcached;

import dev.bench.core.DeadlineWatch;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.StandardSocketOptions;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;

/**
 * One blocking connection to one memcached server in the text protocol, used by one worker's thread: it writes the
 * command and sleeps in {@code read(2)} for the reply itself. spymemcached hands every op to its I/O thread and back,
 * about 31 µs of system time per op (issue 34); this has no other thread to wake.
 *
 * <p>Values are strings stored as spymemcached's default transcoder stores a JSON object, flags 0 and its UTF-8 bytes
 * (never compressed: {@code SerializingTranscoder} skips compression for JSON), so either client and YCSB's own
 * binding read what the other wrote. A value with the compressed flag (2) is read as gzip, as spymemcached does.
 *
 * <p>Timeouts: the channel stays blocking (a timed read costs an EAGAIN read and a poll per reply, see
 * {@code BlockingSocketFactory}); a call that waits past {@link MemcachedTarget#OP_TIMEOUT_MS} has its channel closed
 * by {@link #DEADLINES}. Any failure leaves the socket closed: the caller connects a new one.
 *
 * <p>Threading: one thread at a time; {@link #close} from any thread.
 */
final class MemcachedSocket implements AutoCloseable, DeadlineWatch.Watched {

    /** Four ticks a second: a call times out within 2 to 2.25 s, as spymemcached's do within 2 s. */
    private static final DeadlineWatch<MemcachedSocket> DEADLINES =
            new DeadlineWatch<>("bench-memcached-deadlines", TimeUnit.MILLISECONDS.toNanos(250));
    private static final long TIMEOUT_NANOS = TimeUnit.MILLISECONDS.toNanos(MemcachedTarget.OP_TIMEOUT_MS);

    private static final byte[] GET = "get ".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] CRLF = {'\r', '\n'};
    private static final byte[] VALUE = "VALUE ".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] END = "END\r\n".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] STORED = "STORED\r\n".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] NOT_STORED = "NOT_STORED\r\n".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] NO_FLAGS_NO_EXPIRY = " 0 0 ".getBytes(StandardCharsets.US_ASCII);
    private static final int FLAG_COMPRESSED = 2;

    private final SocketChannel channel;
    private final String where;
    private ByteBuffer out = ByteBuffer.allocate(8 * 1024);
    /** Replies read and not yet parsed, between position and limit. */
    private ByteBuffer in = ByteBuffer.allocate(8 * 1024).flip();
    /** When the call in progress began ({@link System#nanoTime}), 0 when none is: for {@link #DEADLINES}. */
    private volatile long busySince;
    private volatile boolean timedOut;

    private MemcachedSocket(SocketChannel channel, String where) {
        this.channel = channel;
        this.where = where;
    }

    /** Connects within {@code timeoutMs}; the channel's timed connect leaves it in blocking mode. */
    static MemcachedSocket connect(InetSocketAddress server, int timeoutMs) throws IOException {
        SocketChannel channel = SocketChannel.open();
        try {
            channel.socket().connect(new InetSocketAddress(server.getHostString(), server.getPort()), timeoutMs);
            channel.setOption(StandardSocketOptions.TCP_NODELAY, true);
        } catch (IOException | RuntimeException e) {
            channel.close();
            throw e;
        }
        MemcachedSocket socket = new MemcachedSocket(channel, MemcachedAddresses.format(server));
        DEADLINES.watch(socket);
        return socket;
    }

    /** @return the item's value, or null when the server holds none */
    String get(byte[] key) throws IOException {
        out.clear();
        put(GET);
        put(key);
        put(CRLF);
        send();
        int eol = line();
        String value = null;
        if (!at(END)) {
            if (!at(VALUE)) {
                throw unexpected(eol);
            }
            int p = skipField(in.position() + VALUE.length, eol); // the key
            int flags = (int) number(p, eol);
            p = skipField(p, eol);
            int bytes = (int) number(p, eol);
            in.position(eol + 2);
            byte[] data = new byte[bytes];
            need(bytes + 2);
            in.get(data);
            in.position(in.position() + 2);
            value = decode(data, flags);
            eol = line();
            if (!at(END)) {
                throw unexpected(eol); // several items for one key: not what a get answers
            }
        }
        in.position(in.position() + END.length);
        done();
        return value;
    }

    /**
     * Queues a store command ({@code add}, {@code replace}, {@code set}) with flags 0 and no expiry; {@link #flush}
     * sends the queued ones, {@link #stored} reads their replies in order.
     */
    void queueStore(byte[] command, byte[] key, byte[] value) {
        put(command);
        put(key);
        put(NO_FLAGS_NO_EXPIRY);
        put(Integer.toString(value.length).getBytes(StandardCharsets.US_ASCII));
        put(CRLF);
        put(value);
        put(CRLF);
    }

    void flush() throws IOException {
        send();
    }

    /** @return the next queued store's reply: true for STORED, false for NOT_STORED (add of a present key, replace of an absent one) */
    boolean stored() throws IOException {
        int eol = line();
        boolean stored = at(STORED);
        if (!stored && !at(NOT_STORED)) {
            throw unexpected(eol);
        }
        in.position(eol + 2);
        return stored;
    }

    /** After the last reply of a call: the deadline no longer applies. */
    void done() {
        busySince = 0;
    }

    private void put(byte[] bytes) {
        if (out.remaining() < bytes.length) {
            ByteBuffer bigger = ByteBuffer.allocate(Math.max(out.capacity() * 2, out.position() + bytes.length));
            out.flip();
            out = bigger.put(out);
        }
        out.put(bytes);
    }

    private void send() throws IOException {
        busySince = System.nanoTime();
        out.flip();
        try {
            while (out.hasRemaining()) {
                channel.write(out);
            }
        } catch (IOException e) {
            throw failed(e);
        }
        out.clear();
    }

    /** Reads until a whole line is buffered; @return the index of its {@code \r} */
    private int line() throws IOException {
        int from = in.position();
        while (true) {
            for (int i = from; i < in.limit() - 1; i++) {
                if (in.get(i) == '\r' && in.get(i + 1) == '\n') {
                    return i;
                }
            }
            from = Math.max(in.position(), in.limit() - 1);
            int offset = from - in.position();
            fill();
            from = in.position() + offset;
        }
    }

    /** Reads until {@code bytes} are buffered. */
    private void need(int bytes) throws IOException {
        while (in.remaining() < bytes) {
            fill();
        }
    }

    private void fill() throws IOException {
        in.compact();
        if (!in.hasRemaining()) {
            ByteBuffer bigger = ByteBuffer.allocate(in.capacity() * 2);
            in.flip();
            in = bigger.put(in);
        }
        int read;
        try {
            read = channel.read(in);
        } catch (IOException e) {
            in.flip();
            throw failed(e);
        }
        in.flip();
        if (read < 0) {
            close();
            throw new MemcachedUnavailableException("memcached at " + where + " closed the connection");
        }
    }

    private boolean at(byte[] prefix) {
        if (in.remaining() < prefix.length) {
            return false;
        }
        for (int i = 0; i < prefix.length; i++) {
            if (in.get(in.position() + i) != prefix[i]) {
                return false;
            }
        }
        return true;
    }

    private int skipField(int p, int eol) {
        while (p < eol && in.get(p) != ' ') {
            p++;
        }
        return p + 1;
    }

    private long number(int p, int eol) throws IOException {
        long n = 0;
        int start = p;
        for (; p < eol && in.get(p) >= '0' && in.get(p) <= '9'; p++) {
            n = n * 10 + in.get(p) - '0';
        }
        if (p == start) {
            throw unexpected(eol);
        }
        return n;
    }

    private String decode(byte[] data, int flags) throws IOException {
        if (flags == 0) {
            return new String(data, StandardCharsets.UTF_8);
        }
        if (flags == FLAG_COMPRESSED) {
            try (var gzip = new java.util.zip.GZIPInputStream(new java.io.ByteArrayInputStream(data))) {
                return new String(gzip.readAllBytes(), StandardCharsets.UTF_8);
            }
        }
        done();
        throw new IllegalStateException("memcached at " + where + " holds an item with flags " + flags
                + ", not a string as spymemcached stores one");
    }

    /** A reply this client does not expect (ERROR, SERVER_ERROR ...): the stream's state is unknown, so it is closed. */
    private IllegalStateException unexpected(int eol) {
        int from = in.position();
        byte[] reply = new byte[Math.min(eol - from, 200)];
        in.get(from, reply);
        close();
        return new IllegalStateException("memcached at " + where + " answered '"
                + new String(reply, StandardCharsets.US_ASCII) + "'");
    }

    private MemcachedUnavailableException failed(IOException e) {
        close();
        String why = timedOut ? "no reply within " + MemcachedTarget.OP_TIMEOUT_MS + " ms"
                : e.getMessage() != null ? e.getMessage() : e.getClass().getSimpleName();
        return new MemcachedUnavailableException("memcached at " + where + " failed: " + why, e);
    }

    /** Called by {@link #DEADLINES}: closes the channel when its call has waited past the op timeout. */
    @Override
    public void closeIfOverdue(long nowNanos) {
        long since = busySince;
        if (since != 0 && nowNanos - since > TIMEOUT_NANOS) {
            timedOut = true;
            close();
        }
    }

    boolean isOpen() {
        return channel.isOpen();
    }

    String where() {
        return where;
    }

    /** Unblocks a read or write in progress on another thread. */
    @Override
    public void close() {
        DEADLINES.forget(this);
        try {
            channel.close();
        } catch (IOException ignored) {
            // closing is all there is to do
        }
    }
}
