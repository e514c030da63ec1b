package dev.bench.core.results;

import dev.bench.core.metrics.IntervalListener;
import dev.bench.core.metrics.IntervalSnapshot;
import dev.bench.core.metrics.KindStats;
import org.HdrHistogram.Histogram;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/** intervals.csv: one row per op kind per report interval, warmup included and marked. Latencies in µs. */
public final class IntervalCsv implements IntervalListener, AutoCloseable {

    static final String HEADER = "start_s,end_s,phase,kind,completed,ops_per_s,rejected,failed,retries,reconnects,"
            + "sojourn_p50_us,sojourn_p90_us,sojourn_p99_us,sojourn_p999_us,sojourn_max_us,"
            + "service_p50_us,service_p90_us,service_p99_us,service_p999_us,service_max_us,lag_ms";

    private final BufferedWriter out;

    public IntervalCsv(Path file) throws IOException {
        this.out = Files.newBufferedWriter(file);
        out.write(HEADER);
        out.newLine();
    }

    @Override
    public void onInterval(IntervalSnapshot interval) {
        try {
            for (KindStats k : interval.kinds()) {
                out.write(String.format(Locale.ROOT, "%.3f,%.3f,%s,%s,%d,%.2f,%d,%d,%d,%d,%s,%s,%.3f%n",
                        interval.startNanos() / 1e9, interval.endNanos() / 1e9,
                        interval.warmup() ? "warmup" : "measure", k.name(), k.completed(),
                        k.completed() / interval.seconds(), k.outcomes().rejected(), k.outcomes().failed(),
                        k.outcomes().retries(), k.outcomes().reconnects(),
                        percentiles(k.sojourn()), percentiles(k.service()), interval.lagNanos() / 1e6));
            }
            out.flush();
        } catch (IOException e) {
            throw new UncheckedIOException("could not write intervals.csv", e);
        }
    }

    private static String percentiles(Histogram h) {
        return String.format(Locale.ROOT, "%.1f,%.1f,%.1f,%.1f,%.1f",
                h.getValueAtPercentile(50) / 1e3, h.getValueAtPercentile(90) / 1e3, h.getValueAtPercentile(99) / 1e3,
                h.getValueAtPercentile(99.9) / 1e3, h.getMaxValue() / 1e3);
    }

    @Override
    public void close() throws IOException {
        out.close();
    }
}
