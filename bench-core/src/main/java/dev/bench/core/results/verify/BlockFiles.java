package dev.bench.core.results.verify;

import dev.bench.core.BenchException;
import dev.bench.core.results.IntervalCsvReader;
import dev.bench.core.results.IntervalRow;
import dev.bench.core.results.LatencyLogReader;
import dev.bench.core.results.ResultsDirectory;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * A block's intervals.csv and latency.hlog read for checking: the rows, and the log's counts per interval
 * start (ms from the log's StartTime, which is the measured window's start) and tag, taken from the log's
 * one read ({@link LatencyLogReader#intervalCounts}). A file that is missing or unreadable is bad input
 * ({@link dev.bench.core.BenchException}): every run writes both, so without one the results are incomplete.
 */
final class BlockFiles {

    final List<IntervalRow> rows;
    final LatencyLogReader log;
    /** Interval start (ms from the window's start) → tag → count, in time order. */
    final TreeMap<Long, Map<String, Long>> logCounts = new TreeMap<>();
    final boolean hasCsv;
    final boolean hasLog;

    private BlockFiles(Path dir) {
        Path csv = dir.resolve(ResultsDirectory.INTERVALS);
        Path hlog = dir.resolve(ResultsDirectory.HLOG);
        for (Path file : List.of(csv, hlog)) {
            if (!Files.isRegularFile(file)) {
                throw new BenchException(dir + " has no " + file.getFileName() + ": the results are incomplete "
                        + "(every run writes " + ResultsDirectory.SUMMARY + ", " + ResultsDirectory.INTERVALS + " and "
                        + ResultsDirectory.HLOG + ")");
            }
        }
        hasCsv = true;
        hasLog = true;
        rows = IntervalCsvReader.read(csv);
        log = LatencyLogReader.read(hlog);
        long base = log.logStartMs();
        log.intervalCounts().forEach((startMs, counts) -> logCounts.put(startMs - base, counts));
    }

    static BlockFiles read(Path dir) {
        return new BlockFiles(dir);
    }

    List<IntervalRow> measured() {
        return rows.stream().filter(r -> !r.warmup()).toList();
    }

    /** The measured rows' kinds, in order of first appearance. */
    List<String> csvKinds() {
        List<String> kinds = new ArrayList<>();
        measured().stream().map(IntervalRow::kind).filter(k -> !kinds.contains(k)).forEach(kinds::add);
        return kinds;
    }

    long csvCompleted(String kind) {
        return Counts.sum(measured().stream().filter(r -> r.kind().equals(kind)).mapToLong(IntervalRow::completed));
    }

    /** The log's counts of the interval starting at {@code startS} (within the csv's 1 ms rounding), or null. */
    Map<String, Long> logInterval(double startS) {
        long ms = Math.round(startS * 1000);
        Map.Entry<Long, Map<String, Long>> near = logCounts.ceilingEntry(ms - 1);
        return near != null && near.getKey() <= ms + 1 ? near.getValue() : null;
    }

    long logTotal(String tag) {
        return log.count(tag);
    }
}
