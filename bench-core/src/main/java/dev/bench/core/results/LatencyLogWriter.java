package dev.bench.core.results;

import dev.bench.core.metrics.IntervalListener;
import dev.bench.core.metrics.IntervalSnapshot;
import dev.bench.core.metrics.KindStats;
import dev.bench.core.metrics.RunInfo;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;

import java.io.FileNotFoundException;
import java.nio.file.Path;

/**
 * An HdrHistogram interval log of the measured window: per interval, one histogram per kind and
 * metric, tagged {@code <kind>.sojourn} and {@code <kind>.service}, values in nanoseconds. Readable by
 * HdrHistogram's own {@code HistogramLogProcessor} (e.g. {@code -tag read.sojourn}) and by
 * HdrHistogram's plotters; several processes' logs merge exactly.
 */
public final class LatencyLogWriter implements IntervalListener, AutoCloseable {

    /** Log max values in milliseconds, HdrHistogram's customary unit for nanosecond data. */
    private static final double NANOS_PER_MILLI = 1e6;

    private final HistogramLogWriter log;

    public LatencyLogWriter(Path file) throws FileNotFoundException {
        this.log = new HistogramLogWriter(file.toFile());
    }

    @Override
    public void onStart(RunInfo info) {
        log.outputComment("bench latency log: tags <kind>.sojourn (completion - intended start) and "
                + "<kind>.service (completion - send); values in ns; kinds " + info.kinds());
        log.outputLogFormatVersion();
        log.outputStartTime(info.startEpochMillis());
        log.setBaseTime(info.startEpochMillis());
        log.outputLegend();
    }

    @Override
    public void onInterval(IntervalSnapshot interval) {
        if (interval.warmup()) {
            return;
        }
        double start = interval.startNanos() / 1e9;
        double end = interval.endNanos() / 1e9;
        for (KindStats k : interval.kinds()) {
            write(start, end, k.sojourn(), k.name() + ".sojourn");
            write(start, end, k.service(), k.name() + ".service");
        }
    }

    private void write(double start, double end, Histogram h, String tag) {
        h.setTag(tag);
        log.outputIntervalHistogram(start, end, h, NANOS_PER_MILLI);
        h.setTag(null);
    }

    @Override
    public void close() {
        log.close();
    }
}
