package dev.bench.core.results;

import com.fasterxml.jackson.databind.JsonNode;
import dev.bench.core.BenchException;
import dev.bench.core.metrics.IntervalSnapshot;
import dev.bench.core.metrics.KindStats;
import dev.bench.core.metrics.Outcomes;
import dev.bench.core.metrics.RunInfo;
import dev.bench.core.results.RunFiles.Phase;
import org.HdrHistogram.Histogram;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * {@code bench merge}: several clients' results directories (one run offered from several processes
 * or machines) into one. Interval histograms are aligned by wall clock (the report-interval grid from
 * the earliest client's start) and added, which is exact for HdrHistograms; outcome counts add up.
 * The merged intervals.csv and latency.hlog are written by the same writers a run uses, so they read
 * back like any run's. Warmup rows are not merged: the logs hold the measured window only. Inputs
 * that are not the clients of one run are refused first ({@link MergeInputs}).
 */
public final class RunMerger {

    private final List<RunFiles> clients;

    public RunMerger(List<RunFiles> clients) {
        if (clients.isEmpty()) {
            throw new BenchException("name at least one results directory to merge");
        }
        this.clients = List.copyOf(clients);
    }

    /** Writes the merged directory (must be new or empty) and returns it read back. */
    public RunFiles writeTo(Path out) {
        return writeTo(out, null);
    }

    /**
     * Like {@link #writeTo(Path)}, with the verdict of a check run once over all clients (checked, ok,
     * verdict), which replaces the clients' own; null: none was run.
     */
    public RunFiles writeTo(Path out, JsonNode together) {
        MergeInputs.check(clients);
        prepare(out);
        List<String> phaseNames = clients.get(0).phases().stream().map(Phase::name).toList();
        for (String name : phaseNames) {
            Path dir = name.isEmpty() ? out : out.resolve(name);
            mergePhase(name, dir);
        }
        ResultsJson.write(out.resolve(ResultsDirectory.SUMMARY), MergedSummary.of(clients, out, together));
        return RunFiles.read(out);
    }

    private static void prepare(Path out) {
        try {
            if (Files.isDirectory(out)) {
                try (Stream<Path> entries = Files.list(out)) {
                    if (entries.findAny().isPresent()) {
                        throw new BenchException("merge output " + out + " is not empty; choose another --results");
                    }
                }
            }
            Files.createDirectories(out);
        } catch (IOException e) {
            throw new BenchException("cannot create " + out + ": " + e.getMessage(), e);
        }
    }

    private void mergePhase(String name, Path dir) {
        List<Phase> parts = new ArrayList<>();
        for (RunFiles c : clients) {
            Phase p = c.phases().stream().filter(x -> x.name().equals(name)).findFirst()
                    .orElseThrow(() -> new BenchException(c.dir() + " has no phase '" + name + "' that "
                            + clients.get(0).dir() + " has; merge results of the same run only"));
            if (p.latency().isEmpty()) {
                throw new BenchException(p.dir() + " has no latency histograms (" + ResultsDirectory.HLOG + "); nothing to merge exactly");
            }
            parts.add(p);
        }
        long intervalMs = parts.get(0).latency().intervalMs();
        long baseMs = parts.stream().mapToLong(p -> p.latency().startMs()).min().orElseThrow();
        List<String> kinds = new ArrayList<>();
        parts.forEach(p -> p.latency().kinds().stream().filter(k -> !kinds.contains(k)).forEach(kinds::add));
        TreeMap<Long, MergedInterval> grid = new TreeMap<>();
        for (Phase p : parts) {
            add(p, baseMs, intervalMs, kinds, grid);
        }
        write(dir, baseMs, kinds, grid);
    }

    private static void add(Phase p, long baseMs, long intervalMs, List<String> kinds, TreeMap<Long, MergedInterval> grid) {
        p.latency().forEachEntry(e -> {
            long slot = Math.round((e.startMs() - baseMs) / (double) intervalMs);
            MergedInterval m = grid.computeIfAbsent(slot, s -> new MergedInterval(kinds.size()));
            m.cover(e.startMs(), e.endMs());
            int kind = kinds.indexOf(e.tag().substring(0, e.tag().lastIndexOf('.')));
            (e.tag().endsWith(".sojourn") ? m.sojourn[kind] : m.service[kind]).add(e.histogram());
        });
        long clientStartMs = p.latency().startMs();
        for (IntervalRow r : p.intervals()) {
            if (r.warmup()) {
                continue;
            }
            long startMs = clientStartMs + Math.round(r.startS() * 1e3);
            MergedInterval m = grid.get(Math.round((startMs - baseMs) / (double) intervalMs));
            int kind = kinds.indexOf(r.kind());
            if (m != null && kind >= 0) {
                m.outcomes[kind] = sum(m.outcomes[kind], new Outcomes(r.rejected(), r.failed(), r.retries(), r.reconnects()));
                m.lagMs = Math.max(m.lagMs, r.lagMs());
            }
        }
    }

    private static void write(Path dir, long baseMs, List<String> kinds, TreeMap<Long, MergedInterval> grid) {
        try {
            Files.createDirectories(dir);
            try (IntervalCsvWriter csv = new IntervalCsvWriter(dir.resolve(ResultsDirectory.INTERVALS));
                 LatencyLogWriter hlog = new LatencyLogWriter(dir.resolve(ResultsDirectory.HLOG))) {
                hlog.onStart(new RunInfo(null, kinds, baseMs));
                for (MergedInterval m : withoutEmptySlivers(grid)) {
                    List<KindStats> stats = new ArrayList<>();
                    for (int k = 0; k < kinds.size(); k++) {
                        stats.add(new KindStats(kinds.get(k), m.sojourn[k], m.service[k], m.outcomes[k]));
                    }
                    IntervalSnapshot snapshot = new IntervalSnapshot((m.startMs - baseMs) * 1_000_000L,
                            (m.endMs - baseMs) * 1_000_000L, false, Math.round(m.lagMs * 1e6), stats);
                    csv.onInterval(snapshot);
                    hlog.onInterval(snapshot);
                }
            }
        } catch (IOException e) {
            throw new BenchException("cannot write merged results to " + dir + ": " + e.getMessage(), e);
        }
    }

    /**
     * The grid's slots in order, a slot of no length (a client's last interval ending within the same
     * millisecond it began: the log keeps milliseconds) folded into the slot before it, counts and all, so
     * no merged interval has a rate of n / 0 s.
     */
    private static List<MergedInterval> withoutEmptySlivers(TreeMap<Long, MergedInterval> grid) {
        List<MergedInterval> slots = new ArrayList<>();
        for (MergedInterval m : grid.values()) {
            if (m.endMs <= m.startMs && !slots.isEmpty()) {
                slots.get(slots.size() - 1).absorb(m);
            } else {
                slots.add(m);
            }
        }
        return slots;
    }

    static Outcomes sum(Outcomes a, Outcomes b) {
        return new Outcomes(a.rejected() + b.rejected(), a.failed() + b.failed(), a.retries() + b.retries(),
                a.reconnects() + b.reconnects());
    }

    /** One slot of the wall-clock grid: every client's histograms and counts whose interval fell in it. */
    private static final class MergedInterval {
        final Histogram[] sojourn;
        final Histogram[] service;
        final Outcomes[] outcomes;
        long startMs = Long.MAX_VALUE;
        long endMs = Long.MIN_VALUE;
        double lagMs;

        MergedInterval(int kinds) {
            sojourn = new Histogram[kinds];
            service = new Histogram[kinds];
            outcomes = new Outcomes[kinds];
            for (int k = 0; k < kinds; k++) {
                sojourn[k] = new Histogram(3);
                service[k] = new Histogram(3);
                outcomes[k] = Outcomes.NONE;
            }
        }

        void absorb(MergedInterval later) {
            for (int k = 0; k < sojourn.length; k++) {
                sojourn[k].add(later.sojourn[k]);
                service[k].add(later.service[k]);
                outcomes[k] = sum(outcomes[k], later.outcomes[k]);
            }
            lagMs = Math.max(lagMs, later.lagMs);
            cover(later.startMs, later.endMs);
        }

        void cover(long fromMs, long toMs) {
            startMs = Math.min(startMs, fromMs);
            endMs = Math.max(endMs, toMs);
        }
    }
}
