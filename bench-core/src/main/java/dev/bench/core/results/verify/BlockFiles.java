package dev.bench.core.results.verify;

import dev.bench.core.results.IntervalCsvReader;
import dev.bench.core.results.IntervalRow;
import dev.bench.core.results.LatencyLogReader;
import dev.bench.core.results.ResultsDirectory;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * A block's intervals.csv and latency.hlog read for checking: the rows, and the log's counts per interval
 * start (ms from the log's StartTime, which is the measured window's start) and tag. A file that is
 * missing reads as empty (the count checks then say what is missing); one that is unreadable is bad
 * input ({@link dev.bench.core.BenchException}).
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
        hasCsv = Files.isRegularFile(csv);
        hasLog = Files.isRegularFile(hlog);
        rows = hasCsv ? IntervalCsvReader.read(csv) : List.of();
        log = hasLog ? LatencyLogReader.read(hlog) : LatencyLogReader.empty();
        long base = log.logStartMs();
        log.forEachEntry(e -> logCounts.computeIfAbsent(e.startMs() - base, s -> new LinkedHashMap<>())
                .merge(e.tag(), e.histogram().getTotalCount(), Long::sum));
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
        return measured().stream().filter(r -> r.kind().equals(kind)).mapToLong(IntervalRow::completed).sum();
    }

    /** The log's counts of the interval starting at {@code startS} (within the csv's 1 ms rounding), or null. */
    Map<String, Long> logInterval(double startS) {
        long ms = Math.round(startS * 1000);
        Map.Entry<Long, Map<String, Long>> near = logCounts.ceilingEntry(ms - 1);
        return near != null && near.getKey() <= ms + 1 ? near.getValue() : null;
    }

    long logTotal(String tag) {
        return log.total(tag).getTotalCount();
    }
}
