package dev.bench.core.results;

import dev.bench.core.BenchException;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;

import java.io.FileNotFoundException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A latency.hlog read back: every interval histogram with its tag and wall-clock span. Tags are
 * {@code <kind>.sojourn} and {@code <kind>.service}, values in ns (see {@link HlogWriter}).
 */
public final class LatencyLog {

    /** One histogram of the log; start and end are epoch milliseconds. */
    public record Entry(String tag, long startMs, long endMs, Histogram histogram) {
    }

    private final List<Entry> entries;

    public LatencyLog(List<Entry> entries) {
        this.entries = List.copyOf(entries);
    }

    public static LatencyLog read(Path file) {
        List<Entry> entries = new ArrayList<>();
        HistogramLogReader reader;
        try {
            reader = new HistogramLogReader(file.toFile());
        } catch (FileNotFoundException e) {
            throw new BenchException("cannot read " + file + ": " + e.getMessage(), e);
        }
        try (reader) {
            for (EncodableHistogram h = reader.nextIntervalHistogram(); h != null; h = reader.nextIntervalHistogram()) {
                if (!(h instanceof Histogram histogram)) {
                    throw new BenchException(file + " holds a " + h.getClass().getSimpleName()
                            + "; bench writes integer histograms only");
                }
                entries.add(new Entry(h.getTag(), h.getStartTimeStamp(), h.getEndTimeStamp(), histogram));
            }
        } catch (RuntimeException e) {
            if (e instanceof BenchException) {
                throw e;
            }
            throw new BenchException("cannot read " + file + " as an HdrHistogram log: " + e.getMessage(), e);
        }
        return new LatencyLog(entries);
    }

    public List<Entry> entries() {
        return entries;
    }

    /** Op kinds in the order they first appear. */
    public List<String> kinds() {
        Set<String> kinds = new LinkedHashSet<>();
        for (Entry e : entries) {
            if (e.tag() != null && e.tag().contains(".")) {
                kinds.add(e.tag().substring(0, e.tag().lastIndexOf('.')));
            }
        }
        return List.copyOf(kinds);
    }

    /** All intervals of one tag added up: the whole measured window of that kind and metric. */
    public Histogram total(String tag) {
        Histogram sum = new Histogram(3);
        for (Entry e : entries) {
            if (tag.equals(e.tag())) {
                sum.add(e.histogram());
            }
        }
        return sum;
    }

    /** Totals per tag, in first-seen order. */
    public Map<String, Histogram> totals() {
        Map<String, Histogram> totals = new LinkedHashMap<>();
        for (Entry e : entries) {
            totals.computeIfAbsent(e.tag(), t -> new Histogram(3)).add(e.histogram());
        }
        return totals;
    }

    /** The earliest interval start, epoch ms; 0 for an empty log. */
    public long startMs() {
        return entries.stream().mapToLong(Entry::startMs).min().orElse(0);
    }
}
