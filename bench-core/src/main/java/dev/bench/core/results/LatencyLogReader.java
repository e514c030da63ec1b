package dev.bench.core.results;

import dev.bench.core.BenchException;
import dev.bench.core.Failures;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;

import java.io.BufferedReader;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Consumer;
import java.util.zip.DataFormatException;

/**
 * A latency.hlog read back. Tags are {@code <kind>.sojourn} and {@code <kind>.service}, values in ns
 * (see {@link LatencyLogWriter}). Reading keeps only the whole-window total per tag, adding each interval's
 * compressed counts straight into it ({@link CompressedCounts}): an hour of one-second intervals is
 * 14,400 histograms of ~100 KB each once decoded; {@link #forEachEntry} streams them again, decoded by
 * HdrHistogram's own reader, for whoever needs each interval (the merge).
 */
public final class LatencyLogReader {

    /** One histogram of the log; start and end are epoch milliseconds. */
    public record Entry(String tag, long startMs, long endMs, Histogram histogram) {
    }

    /** Bench writes two tags per op kind; more than this is no log of a run, and each costs a histogram. */
    static final int MAX_TAGS = 2_000;
    /** A count that went past 2^63-1: a histogram's total would have wrapped to a plausible number. */
    public static final long OVERFLOW = -1;
    private static final LatencyLogReader EMPTY = new LatencyLogReader(null, Map.of(), Map.of(), new TreeMap<>(), 0, 0, 0, 0);

    private final Path file;
    private final Map<String, Histogram> totals;
    /** Samples per tag, exact; {@link #OVERFLOW} once they passed 2^63-1. */
    private final Map<String, Long> tagCounts;
    private final TreeMap<Long, Map<String, Long>> intervalCounts;
    private final long startMs;
    private final long endMs;
    private final long intervalMs;
    private final long logStartMs;

    private LatencyLogReader(Path file, Map<String, Histogram> totals, Map<String, Long> tagCounts,
                             TreeMap<Long, Map<String, Long>> intervalCounts, long startMs, long endMs, long intervalMs,
                             long logStartMs) {
        this.file = file;
        this.totals = totals;
        this.tagCounts = tagCounts;
        this.intervalCounts = intervalCounts;
        this.startMs = startMs;
        this.endMs = endMs;
        this.intervalMs = intervalMs;
        this.logStartMs = logStartMs;
    }

    public static LatencyLogReader empty() {
        return EMPTY;
    }

    public static LatencyLogReader read(Path file) {
        Map<String, Histogram> totals = new LinkedHashMap<>();
        Map<Long, Integer> lengths = new TreeMap<>();
        long start = Long.MAX_VALUE;
        long end = Long.MIN_VALUE;
        Map<String, Long> tagCounts = new LinkedHashMap<>();
        TreeMap<Long, Map<String, Long>> intervals = new TreeMap<>();
        CompressedCounts decoder = new CompressedCounts();
        Double startTimeSec = null;
        Double baseTimeSec = null;
        int lineNo = 0;
        try (BufferedReader in = Files.newBufferedReader(file)) {
            for (String line = in.readLine(); line != null; line = in.readLine()) {
                lineNo++;
                if (line.startsWith("#[StartTime: ")) {
                    startTimeSec = firstNumber(line, "#[StartTime: ");
                } else if (line.startsWith("#[BaseTime: ")) {
                    baseTimeSec = firstNumber(line, "#[BaseTime: ");
                } else if (!line.isBlank() && !line.startsWith("#") && !line.startsWith("\"")) {
                    String tag = line.startsWith("Tag=") ? line.substring(4, line.indexOf(',')) : null;
                    String[] f = (tag == null ? line : line.substring(line.indexOf(',') + 1)).split(",");
                    double relative = Double.parseDouble(f[0]);
                    if (baseTimeSec == null) {
                        // HdrHistogram's rule: timestamps far below the start time are relative to it
                        baseTimeSec = startTimeSec != null && relative < startTimeSec - 365.0 * 24 * 3600 ? startTimeSec : 0.0;
                    }
                    long startMs = Math.round((baseTimeSec + relative) * 1000);
                    long lengthMs = Math.round(Double.parseDouble(f[1]) * 1000);
                    start = Math.min(start, startMs);
                    end = Math.max(end, startMs + lengthMs);
                    lengths.merge(Math.max(1, lengthMs), 1, Integer::sum);
                    if (!totals.containsKey(tag) && totals.size() == MAX_TAGS) {
                        throw new DataFormatException("a tag past the " + MAX_TAGS + "th; bench writes two per op kind");
                    }
                    long count = decoder.addTo(totals.computeIfAbsent(tag, t -> new Histogram(3)), Base64.getDecoder().decode(f[3]));
                    tagCounts.merge(tag, count, LatencyLogReader::addOrOverflow);
                    intervals.computeIfAbsent(startMs, t -> new LinkedHashMap<>()).merge(tag, count, LatencyLogReader::addOrOverflow);
                }
            }
        } catch (IOException e) {
            throw new BenchException("cannot read " + file + ": " + Failures.ofIo(e), e);
        } catch (ArithmeticException e) {
            throw new BenchException(file + " line " + lineNo + ": its histogram's counts add up past 2^63-1", e);
        } catch (RuntimeException | DataFormatException e) {
            throw new BenchException(file + " line " + lineNo + " is not an HdrHistogram log line: " + reason(e), e);
        }
        long logStartMs = startTimeSec == null ? 0 : Math.round(startTimeSec * 1000);
        if (totals.isEmpty()) {
            return new LatencyLogReader(file, Map.of(), Map.of(), intervals, 0, 0, 0, logStartMs);
        }
        long usual = lengths.entrySet().stream().max(Map.Entry.comparingByValue()).orElseThrow().getKey();
        return new LatencyLogReader(file, totals, tagCounts, intervals, start, end, usual, startTimeSec == null ? start : logStartMs);
    }

    private static long addOrOverflow(long a, long b) {
        if (a == OVERFLOW || b == OVERFLOW) {
            return OVERFLOW;
        }
        long sum = a + b;
        return sum < 0 ? OVERFLOW : sum;
    }

    /** Why a line could not be read, where the exception has no message of its own. */
    private static String reason(Exception e) {
        if (e instanceof ArrayIndexOutOfBoundsException || e instanceof StringIndexOutOfBoundsException) {
            return "too few fields (start, length, max, histogram)";
        }
        if (e instanceof java.nio.BufferUnderflowException) {
            return "its histogram ends before its counts do";
        }
        if (e instanceof IllegalArgumentException && !(e instanceof NumberFormatException)) {
            return "its histogram is not Base64: " + e.getMessage();
        }
        return Failures.describe(e);
    }

    private static double firstNumber(String line, String prefix) {
        return Double.parseDouble(line.substring(prefix.length()).split("[ ,\\]]")[0]);
    }

    /** Reads the log again, handing each interval histogram over in file order (not kept). */
    public void forEachEntry(Consumer<Entry> consumer) {
        if (file != null) {
            stream(file, consumer);
        }
    }

    private static void stream(Path file, Consumer<Entry> consumer) {
        HistogramLogReader reader;
        try {
            reader = new HistogramLogReader(file.toFile());
        } catch (FileNotFoundException e) {
            throw new BenchException("cannot read " + file + ": " + Failures.ofIo(e), e);
        }
        try (reader) {
            for (EncodableHistogram h = reader.nextIntervalHistogram(); h != null; h = reader.nextIntervalHistogram()) {
                if (!(h instanceof Histogram histogram)) {
                    throw new BenchException(file + " holds a " + h.getClass().getSimpleName()
                            + "; bench writes integer histograms only");
                }
                consumer.accept(new Entry(h.getTag(), h.getStartTimeStamp(), h.getEndTimeStamp(), histogram));
            }
        } catch (BenchException e) {
            throw e;
        } catch (RuntimeException e) {
            throw new BenchException("cannot read " + file + " as an HdrHistogram log: " + Failures.describe(e), e);
        }
    }

    /**
     * Each interval's sample counts by tag, keyed by its start (epoch ms), read in the one pass that made
     * the totals: checking counts per interval needs no histogram decoded again (unmodifiable). A count
     * past 2^63-1 is {@link #OVERFLOW}.
     */
    public java.util.SortedMap<Long, Map<String, Long>> intervalCounts() {
        return java.util.Collections.unmodifiableSortedMap(intervalCounts);
    }

    /**
     * All samples of one tag, exact (a histogram's own total count wraps past 2^63-1).
     *
     * @throws ArithmeticException when they add up past 2^63-1
     */
    public long count(String tag) {
        long n = tagCounts.getOrDefault(tag, 0L);
        if (n == OVERFLOW) {
            throw new ArithmeticException("latency.hlog's " + tag + " samples add up past 2^63-1");
        }
        return n;
    }

    public boolean isEmpty() {
        return totals.isEmpty();
    }

    /** Op kinds in the order they first appear. */
    public List<String> kinds() {
        List<String> kinds = new ArrayList<>();
        for (String tag : totals.keySet()) {
            String kind = tag == null || !tag.contains(".") ? null : tag.substring(0, tag.lastIndexOf('.'));
            if (kind != null && !kinds.contains(kind)) {
                kinds.add(kind);
            }
        }
        return kinds;
    }

    /** All intervals of one tag added up: the whole measured window of that kind and metric (a copy). */
    public Histogram total(String tag) {
        Histogram t = totals.get(tag);
        return t == null ? new Histogram(3) : t.copy();
    }

    /** The earliest interval start, epoch ms; 0 for an empty log. */
    public long startMs() {
        return startMs;
    }

    /** The latest interval end, epoch ms; 0 for an empty log. */
    public long endMs() {
        return endMs;
    }

    /**
     * The log's StartTime (epoch ms): the run's measured window starts there, and interval timestamps
     * count from it (a named segment's log starts its intervals later); the first interval's start
     * when the log has no StartTime, 0 for a log with neither.
     */
    public long logStartMs() {
        return logStartMs;
    }

    /** The usual interval length (the most common one), ms; 0 for an empty log. */
    public long intervalMs() {
        return intervalMs;
    }
}
