package dev.bench.cli.pgbench;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.Writer;
import java.util.regex.Pattern;

/**
 * bench pgbench's stderr without the run template's live lines ({@code [    1s] 125 ops/s | ...}): pgbench
 * prints nothing there in a good run without -P, and its own -P lines ({@code progress: ...}) pass.
 * Line by line; other lines go through whole, each as soon as it ends.
 */
public final class EngineProgressFilter extends Writer {

    /** The run template's live line. */
    public static final String LIVE_LINE = "\\[(warmup )?\\s*\\d+s\\] .*ops/s.*";

    private final PrintWriter target;
    private final Pattern drop;
    private final StringBuilder line = new StringBuilder();
    private boolean wroteAny;

    public EngineProgressFilter(PrintWriter target, Pattern drop) {
        this.target = target;
        this.drop = drop;
    }

    static PrintWriter around(PrintWriter target) {
        return around(target, Pattern.compile(LIVE_LINE));
    }

    /** @param drop the lines (without their line end) that do not pass, e.g. {@link #LIVE_LINE} */
    public static PrintWriter around(PrintWriter target, Pattern drop) {
        return new PrintWriter(new EngineProgressFilter(target, drop), true);
    }

    /** Whether any line has passed (bench sysbench prints its banner first when nothing has). */
    public synchronized boolean wroteAny() {
        return wroteAny;
    }

    @Override
    public synchronized void write(char[] chars, int off, int len) {
        for (int i = off; i < off + len; i++) {
            line.append(chars[i]);
            if (chars[i] == '\n') {
                emit();
            }
        }
    }

    private void emit() {
        String s = line.toString();
        line.setLength(0);
        if (!drop.matcher(s.stripTrailing()).matches()) {
            target.print(s);
            wroteAny = true;
        }
    }

    @Override
    public synchronized void flush() {
        if (line.length() > 0 && line.charAt(0) != '[') {
            emit(); // a partial line of its own (pgbench's "starting vacuum...") shows now
        }
        target.flush();
    }

    @Override
    public synchronized void close() throws IOException {
        flush();
    }
}
