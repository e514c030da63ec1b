package dev.bench.core.memcached;

import dev.bench.core.DeadlineWatch;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.StandardSocketOptions;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.util.List;
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

    private static final byte[] GET = "get".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] INCR = "incr ".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] SPACE = {' '};
    private static final byte[] CRLF = {'\r', '\n'};
    private static final byte[] VALUE = "VALUE ".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] END = "END\r\n".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] STORED = "STORED\r\n".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] NOT_STORED = "NOT_STORED\r\n".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] NOT_FOUND = "NOT_FOUND\r\n".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] NO_FLAGS_NO_EXPIRY = " 0 0 ".getBytes(StandardCharsets.US_ASCII);
    private static final int FLAG_COMPRESSED = 2;

    private final SocketChannel channel;
    private final String where;
    private ByteBuffer out = ByteBuffer.allocate(8 * 1024);
    private final ReplyBuffer in = new ReplyBuffer(this::readInto);
    /** The flags of the item whose {@link #valueHeader} was read last. */
    private int flags;
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
        put(SPACE);
        put(key);
        put(CRLF);
        send();
        int eol = in.line();
        String value = null;
        if (!in.at(END)) {
            byte[] data = new byte[valueHeader(eol)];
            in.need(data.length + 2);
            in.get(data);
            in.position(in.position() + 2);
            value = decode(data, flags);
            eol = in.line();
            if (!in.at(END)) {
                throw unexpected(eol); // several items for one key: not what a get answers
            }
        }
        in.position(in.position() + END.length);
        done();
        return value;
    }

    /** Queues one {@code get} of the keys; {@link #found} reads its reply. */
    void queueGet(List<byte[]> keys) {
        put(GET);
        for (byte[] key : keys) {
            put(SPACE);
            put(key);
        }
        put(CRLF);
    }

    /** @return how many items the reply to a queued {@code get} holds; their values are read and dropped */
    int found() throws IOException {
        int items = 0;
        int eol = in.line();
        while (!in.at(END)) {
            int bytes = valueHeader(eol);
            in.need(bytes + 2);
            in.position(in.position() + bytes + 2);
            items++;
            eol = in.line();
        }
        in.position(in.position() + END.length);
        return items;
    }

    /** Reads a {@code VALUE <key> <flags> <bytes>} line into {@link #flags}; @return its data block's length */
    private int valueHeader(int eol) throws IOException {
        if (!in.at(VALUE)) {
            throw unexpected(eol);
        }
        int p = in.skipField(in.position() + VALUE.length, eol); // the key
        long itemFlags = in.number(p, eol);
        p = in.skipField(p, eol);
        long bytes = in.number(p, eol);
        if (itemFlags < 0 || bytes < 0 || bytes > Integer.MAX_VALUE - 2) {
            throw unexpected(eol);
        }
        in.position(eol + 2);
        flags = (int) itemFlags;
        return (int) bytes;
    }

    /** Queues {@code incr <key> <by>}; {@link #incremented} reads its reply. */
    void queueIncr(byte[] key, long by) {
        put(INCR);
        put(key);
        put(SPACE);
        put(Long.toString(by).getBytes(StandardCharsets.US_ASCII));
        put(CRLF);
    }

    /** @return the next queued incr's reply: the value after it, or -1 when the server holds no such item */
    long incremented() throws IOException {
        int eol = in.line();
        boolean notFound = in.at(NOT_FOUND);
        long value = notFound ? -1 : in.number(in.position(), eol);
        if (value < 0 && !notFound) {
            throw unexpected(eol);
        }
        in.position(eol + 2);
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
        int eol = in.line();
        boolean stored = in.at(STORED);
        if (!stored && !in.at(NOT_STORED)) {
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

    /** {@link ReplyBuffer}'s source: a failed read closes the socket, as does the server closing the connection. */
    private void readInto(ByteBuffer into) throws IOException {
        int read;
        try {
            read = channel.read(into);
        } catch (IOException e) {
            throw failed(e);
        }
        if (read < 0) {
            close();
            throw new MemcachedUnavailableException("memcached at " + where + " closed the connection");
        }
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
        byte[] reply = in.peek(eol, 200);
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
