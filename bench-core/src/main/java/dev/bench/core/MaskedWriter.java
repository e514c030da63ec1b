package dev.bench.core;

import java.io.IOException;
import java.io.Writer;

/**
 * A writer that passes text on a line at a time with {@link Secrets#mask} applied, so that no line
 * the tool prints carries a password, whatever produced it. Text without a line end waits for one,
 * or for {@link #flush}.
 */
public final class MaskedWriter extends Writer {

    private final Writer out;
    private final StringBuilder line = new StringBuilder();

    public MaskedWriter(Writer out) {
        this.out = out;
    }

    @Override
    public synchronized void write(char[] chars, int offset, int length) throws IOException {
        for (int i = offset; i < offset + length; i++) {
            line.append(chars[i]);
            if (chars[i] == '\n') {
                passOn();
            }
        }
    }

    private void passOn() throws IOException {
        if (!line.isEmpty()) {
            out.write(Secrets.mask(line.toString()));
            line.setLength(0);
        }
    }

    @Override
    public synchronized void flush() throws IOException {
        passOn();
        out.flush();
    }

    @Override
    public synchronized void close() throws IOException {
        flush();
        out.close();
    }
}
