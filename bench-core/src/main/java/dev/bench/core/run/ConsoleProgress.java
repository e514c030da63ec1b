package dev.bench.core.run;

import dev.bench.core.metrics.ClientCpu;
import dev.bench.core.metrics.IntervalListener;
import dev.bench.core.metrics.IntervalSnapshot;
import dev.bench.core.metrics.KindStats;
import dev.bench.core.metrics.RunInfo;

import java.io.PrintWriter;
import java.util.Locale;

/**
 * One line of live progress per interval, for people watching a run (stderr, so stdout stays the
 * original tool's report):
 * <pre>[  12s] 20013 ops/s | read 19012 ops/s p99 0.41 ms | write 1001 ops/s p99 1.20 ms | lag 0 ms | errors 0
 *   | client cpu 0.42 of 2 cores, 21 us/op</pre>
 * (one line). The client's CPU is the process's over the interval ({@link ClientCpu}). On a terminal each
 * line ends with a bar of how much of the run has passed.
 */
public final class ConsoleProgress implements IntervalListener {

    private static final int BAR_WIDTH = 20;

    private final PrintWriter out;
    private final boolean bar;
    private double warmupSeconds;
    private double totalSeconds;
    private ClientCpu.Sample lastCpu = ClientCpu.now();

    public ConsoleProgress(PrintWriter out, boolean bar) {
        this.out = out;
        this.bar = bar;
    }

    @Override
    public void onStart(RunInfo info) {
        warmupSeconds = info.config().warmup().toMillis() / 1e3;
        totalSeconds = warmupSeconds + info.config().duration().toMillis() / 1e3;
        lastCpu = ClientCpu.now();
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
        ClientCpu.Sample cpu = ClientCpu.now();
        long cpuNanos = cpu.minus(lastCpu).totalNanos();
        lastCpu = cpu;
        line.append(String.format(Locale.ROOT, " | client cpu %.2f of %d cores, %s us/op", cpuNanos / 1e9 / seconds,
                ClientCpu.cores(), interval.completed() == 0 ? "-" : String.format(Locale.ROOT, "%.1f", cpuNanos / 1e3 / interval.completed())));
        if (bar && totalSeconds > 0) {
            double done = Math.min(1, (warmupSeconds + interval.endNanos() / 1e9) / totalSeconds);
            int filled = (int) Math.round(done * BAR_WIDTH);
            line.append(" [").append("#".repeat(filled)).append(".".repeat(BAR_WIDTH - filled)).append(']');
        }
        out.println(line);
        out.flush();
    }
}
