package dev.bench.core.results;

import dev.bench.core.metrics.IntervalListener;
import dev.bench.core.metrics.IntervalSnapshot;
import dev.bench.core.metrics.KindStats;

import java.io.PrintWriter;
import java.util.Locale;

/**
 * One line of live progress per interval, for people watching a run (stderr, so stdout stays the
 * original tool's report):
 * <pre>[  12s] 20013 ops/s | read 19012 ops/s p99 0.41 ms | write 1001 ops/s p99 1.20 ms | lag 0 ms | errors 0</pre>
 */
public final class ConsoleProgress implements IntervalListener {

    private final PrintWriter out;

    public ConsoleProgress(PrintWriter out) {
        this.out = out;
    }

    @Override
    public void onInterval(IntervalSnapshot interval) {
        StringBuilder line = new StringBuilder();
        double seconds = interval.seconds();
        String at = interval.warmup()
                ? String.format(Locale.ROOT, "[warmup %4.0fs]", interval.endNanos() / 1e9)
                : String.format(Locale.ROOT, "[%5.0fs]", interval.endNanos() / 1e9);
        line.append(at).append(String.format(Locale.ROOT, " %.0f ops/s", interval.completed() / seconds));
        long errors = 0;
        for (KindStats k : interval.kinds()) {
            line.append(String.format(Locale.ROOT, " | %s %.0f ops/s p99 %.2f ms", k.name(),
                    k.completed() / seconds, k.sojourn().getValueAtPercentile(99) / 1e6));
            errors += k.outcomes().failed();
        }
        line.append(String.format(Locale.ROOT, " | lag %d ms | errors %d", interval.lagNanos() / 1_000_000, errors));
        out.println(line);
        out.flush();
    }
}
