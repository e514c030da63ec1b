package dev.bench.core.results;

import dev.bench.core.RunConfig;
import dev.bench.core.engine.OfferedLoad;
import dev.bench.core.metrics.IntervalListener;
import dev.bench.core.metrics.IntervalSnapshot;
import dev.bench.core.metrics.KindStats;
import dev.bench.core.metrics.RunInfo;
import org.HdrHistogram.Histogram;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * intervals.csv: one row per op kind per report interval, warmup included and marked. Latencies in µs.
 * {@code scheduled_ops_per_s} is what the schedule (or the constant target) offered over the interval,
 * all kinds together, this client's share; empty in closed loop.
 * A field with a comma, a quote or a line break (a kind's name could have one) is quoted as RFC 4180
 * says, not a broken row; the numbers keep their fixed decimals. Written without a CSV library: the
 * writer opens before a run's first op, and Jackson's first use costs a short run about 60 ms there.
 */
public final class IntervalCsvWriter implements IntervalListener, AutoCloseable {

    static final List<String> COLUMNS = List.of("start_s", "end_s", "phase", "kind", "completed", "ops_per_s", "rejected",
            "failed", "retries", "reconnects", "sojourn_p50_us", "sojourn_p90_us", "sojourn_p99_us", "sojourn_p999_us",
            "sojourn_max_us", "service_p50_us", "service_p90_us", "service_p99_us", "service_p999_us", "service_max_us",
            "lag_ms", "scheduled_ops_per_s");

    private final Writer rows;
    private RunConfig config;

    public IntervalCsvWriter(Path file) throws IOException {
        this.rows = Files.newBufferedWriter(file);
        rows.write(String.join(",", COLUMNS) + "\n"); // now, so a run that ends before its first interval has it too
        rows.flush();
    }

    @Override
    public void onStart(RunInfo info) {
        config = info.config();
    }

    @Override
    public void onInterval(IntervalSnapshot interval) {
        double scheduled = config == null ? Double.NaN
                : OfferedLoad.scheduledOpsPerSec(config, interval.startNanos() / 1e9, interval.endNanos() / 1e9);
        try {
            for (KindStats k : interval.kinds()) {
                List<String> row = new ArrayList<>(COLUMNS.size());
                row.add(f("%.3f", interval.startNanos() / 1e9));
                row.add(f("%.3f", interval.endNanos() / 1e9));
                row.add(interval.warmup() ? "warmup" : "measure");
                row.add(k.name());
                row.add(Long.toString(k.completed()));
                row.add(f("%.2f", k.completed() / interval.seconds()));
                row.add(Long.toString(k.outcomes().rejected()));
                row.add(Long.toString(k.outcomes().failed()));
                row.add(Long.toString(k.outcomes().retries()));
                row.add(Long.toString(k.outcomes().reconnects()));
                percentiles(row, k.sojourn());
                percentiles(row, k.service());
                row.add(f("%.3f", interval.lagNanos() / 1e6));
                row.add(Double.isNaN(scheduled) ? "" : f("%.2f", scheduled));
                rows.write(csvLine(row));
            }
            rows.flush();
        } catch (IOException e) {
            throw new UncheckedIOException("could not write intervals.csv", e);
        }
    }

    /** One row as RFC 4180 CSV: a field quoted (its quotes doubled) when it holds a comma, a quote or a line break. */
    static String csvLine(List<String> fields) {
        StringBuilder line = new StringBuilder();
        for (String f : fields) {
            if (line.length() > 0) {
                line.append(',');
            }
            if (f.indexOf(',') >= 0 || f.indexOf('"') >= 0 || f.indexOf('\n') >= 0 || f.indexOf('\r') >= 0) {
                line.append('"').append(f.replace("\"", "\"\"")).append('"');
            } else {
                line.append(f);
            }
        }
        return line.append('\n').toString();
    }

    private static void percentiles(List<String> row, Histogram h) {
        for (double p : new double[] {50, 90, 99, 99.9}) {
            row.add(f("%.1f", h.getValueAtPercentile(p) / 1e3));
        }
        row.add(f("%.1f", h.getMaxValue() / 1e3));
    }

    private static String f(String format, double value) {
        return String.format(Locale.ROOT, format, value);
    }

    @Override
    public void close() throws IOException {
        rows.close();
    }
}
