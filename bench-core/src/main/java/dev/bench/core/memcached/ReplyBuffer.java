package dev.bench.core.memcached;

import java.io.IOException;
import java.nio.ByteBuffer;

/**
 * The text protocol's replies read from one connection and not yet parsed, between the buffer's position and limit:
 * whole lines, fields and data blocks, read from the connection as they are needed. It grows to hold the longest
 * line or block asked for.
 *
 * <p>Threading: its connection's.
 */
final class ReplyBuffer {

    /** What the buffer reads from: the connection's read, throwing its own failure (and at end of stream). */
    interface Source {
        void readInto(ByteBuffer into) throws IOException;
    }

    private final Source source;
    private ByteBuffer in = ByteBuffer.allocate(8 * 1024).flip();

    ReplyBuffer(Source source) {
        this.source = source;
    }

    /** Reads until a whole line is buffered; @return the index of its {@code \r} */
    int line() throws IOException {
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
    void need(int bytes) throws IOException {
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
        try {
            source.readInto(in);
        } finally {
            in.flip();
        }
    }

    /** Whether the unparsed replies start with {@code prefix}. */
    boolean at(byte[] prefix) {
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

    /** @return the index after the space that ends the field at {@code p} (or {@code eol + 1}) */
    int skipField(int p, int eol) {
        while (p < eol && in.get(p) != ' ') {
            p++;
        }
        return p + 1;
    }

    /** @return the decimal number at {@code p}, or -1 when none starts there */
    long number(int p, int eol) {
        long n = 0;
        int start = p;
        for (; p < eol && in.get(p) >= '0' && in.get(p) <= '9'; p++) {
            n = n * 10 + in.get(p) - '0';
        }
        return p == start ? -1 : n;
    }

    int position() {
        return in.position();
    }

    /** Moves the parse position to {@code index} (an index from {@link #line} or {@link #skipField}). */
    void position(int index) {
        in.position(index);
    }

    /** Takes {@code into.length} buffered bytes (see {@link #need}). */
    void get(byte[] into) {
        in.get(into);
    }

    /** Up to {@code max} bytes from the parse position to {@code eol}, left unparsed: for an error message. */
    byte[] peek(int eol, int max) {
        byte[] bytes = new byte[Math.max(0, Math.min(eol - in.position(), max))];
        in.get(in.position(), bytes);
        return bytes;
    }
}
