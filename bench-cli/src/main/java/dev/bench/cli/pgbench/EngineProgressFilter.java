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
final class EngineProgressFilter extends Writer {

    private static final Pattern LIVE_LINE = Pattern.compile("^\\[(warmup )?\\s*\\d+s\\] .*ops/s.*");

    private final PrintWriter target;
    private final StringBuilder line = new StringBuilder();

    EngineProgressFilter(PrintWriter target) {
        this.target = target;
    }

    static PrintWriter around(PrintWriter target) {
        return new PrintWriter(new EngineProgressFilter(target), true);
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
        if (!LIVE_LINE.matcher(s.stripTrailing()).matches()) {
            target.print(s);
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
