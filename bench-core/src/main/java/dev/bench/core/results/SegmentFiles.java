package dev.bench.core.results;

import dev.bench.core.BenchException;
import dev.bench.core.RunConfig;
import dev.bench.core.engine.OfferedLoad;
import dev.bench.core.metrics.IntervalListener;
import dev.bench.core.metrics.IntervalSnapshot;
import dev.bench.core.metrics.KindStats;
import dev.bench.core.metrics.Outcomes;
import dev.bench.core.metrics.RunInfo;
import dev.bench.core.metrics.RunResult;
import org.HdrHistogram.Histogram;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The files of a scheduled run's named stretches (a scenario's measured phases, {@code --schedule}'s
 * named segments), each in {@code NN-<name>/} inside the run's directory: the intervals.csv and
 * latency.hlog rows of the intervals that start inside it, and a summary.json of them (counts,
 * achieved and scheduled rate, full latency spectra per kind). The run itself stays one continuous run,
 * so a spike's backlog drains into the next phase as it would in production; an op counts in the
 * stretch its report interval starts in (with whole-second phases and 1 s intervals, the phase its
 * completion fell in). The whole run's files stay at the top. Not thread-safe: the engine calls
 * listeners from one thread.
 */
public final class SegmentFiles implements IntervalListener, AutoCloseable {

    private final Path runDir;
    private final List<Stretch> stretches;
    /** The measured window's length: the drain after it counts in the last stretch when that one ends it. */
    private final double windowSeconds;
    private RunInfo info;

    /** One named stretch: consecutive segments of one name, over [from, to) s of the measured window. */
    private static final class Stretch {
        final String name;
        final double fromS;
        double toS;
        final List<String> specs = new ArrayList<>();
        String directory;
        double spanFromS = Double.NaN;
        double spanToS = Double.NaN;
        IntervalCsvWriter csv;
        LatencyLogWriter hlog;
        final Map<String, Totals> kinds = new LinkedHashMap<>();

        Stretch(String name, double fromS) {
            this.name = name;
            this.fromS = fromS;
            this.toS = fromS;
        }
    }

    private static final class Totals {
        Histogram sojourn;
        Histogram service;
        Outcomes outcomes = Outcomes.NONE;

        void add(KindStats k) {
            sojourn = sum(sojourn, k.sojourn());
            service = sum(service, k.service());
            Outcomes o = k.outcomes();
            outcomes = new Outcomes(outcomes.rejected() + o.rejected(), outcomes.failed() + o.failed(),
                    outcomes.retries() + o.retries(), outcomes.reconnects() + o.reconnects());
        }

        private static Histogram sum(Histogram total, Histogram more) {
            if (total == null) {
                return more.copy();
            }
            total.add(more);
            return total;
        }
    }

    private SegmentFiles(Path runDir, List<Stretch> stretches, double windowSeconds) {
        this.runDir = runDir;
        this.stretches = stretches;
        this.windowSeconds = windowSeconds;
    }

    /**
     * The named stretches of the run's schedule (of rates or of workers), or null when it names none: a
     * constant load, or a schedule of unnamed segments, is one run. Consecutive segments of one name are
     * one stretch ({@code spike=10s:60000,spike=5s:60000..20000}, as a scenario's phase with a schedule
     * compiles); an unnamed segment belongs to no stretch (as to no {@code --mix} segment): its intervals
     * are only in the whole run's files.
     */
    public static SegmentFiles of(Path runDir, RunConfig config) {
        List<Stretch> stretches = new ArrayList<>();
        String previous = null;
        double at = 0;
        for (RunConfig.WindowSegment s : config.windowSegments()) {
            if (s.name() != null) {
                if (!s.name().equals(previous)) {
                    stretches.add(new Stretch(s.name(), at));
                }
                Stretch last = stretches.get(stretches.size() - 1);
                last.toS += s.seconds();
                last.specs.add(s.spec());
            }
            previous = s.name();
            at += s.seconds();
        }
        return stretches.isEmpty() ? null : new SegmentFiles(runDir, stretches, at);
    }

    /** The stretches' directories, relative to the run's, in order. */
    public List<String> directories() {
        return stretches.stream().map(s -> s.directory).toList();
    }

    @Override
    public void onStart(RunInfo runInfo) {
        this.info = runInfo;
        for (int i = 0; i < stretches.size(); i++) {
            Stretch s = stretches.get(i);
            s.directory = ResultsDirectory.phaseDirectoryName(i + 1, s.name);
            Path dir = runDir.resolve(s.directory);
            try {
                Files.createDirectories(dir);
                s.csv = new IntervalCsvWriter(dir.resolve(ResultsDirectory.INTERVALS));
                s.hlog = new LatencyLogWriter(dir.resolve(ResultsDirectory.HLOG));
            } catch (IOException e) {
                throw new BenchException("cannot write results into " + dir + ": " + e.getMessage(), e);
            }
            s.csv.onStart(runInfo);
            s.hlog.onStart(runInfo);
        }
    }

    @Override
    public void onInterval(IntervalSnapshot interval) {
        if (interval.warmup() || info == null) {
            return;
        }
        Stretch s = stretchAt(interval.startNanos() / 1e9);
        if (s == null) {
            return; // an unnamed segment's: the whole run's files have it
        }
        if (Double.isNaN(s.spanFromS)) {
            s.spanFromS = interval.startNanos() / 1e9;
        }
        s.spanToS = interval.endNanos() / 1e9;
        s.csv.onInterval(interval);
        for (KindStats k : interval.kinds()) {
            s.kinds.computeIfAbsent(k.name(), n -> new Totals()).add(k);
        }
        s.hlog.onInterval(interval); // last: it tags the histograms for the log and untags them
    }

    /** The stretch an interval starting at {@code startS} counts in, or null when it starts in an unnamed segment. */
    private Stretch stretchAt(double startS) {
        for (Stretch candidate : stretches) {
            if (startS < candidate.toS - 1e-9) {
                return startS >= candidate.fromS - 1e-9 ? candidate : null;
            }
        }
        Stretch last = stretches.get(stretches.size() - 1);
        return last.toS >= windowSeconds - 1e-9 ? last : null; // the drain after the window
    }

    @Override
    public void onEnd(RunResult result) {
        if (info == null) {
            return;
        }
        for (Stretch s : stretches) {
            ResultsJson.write(runDir.resolve(s.directory).resolve(ResultsDirectory.SUMMARY), summary(s));
        }
    }

    private Map<String, Object> summary(Stretch s) {
        Map<String, Object> summary = new LinkedHashMap<>();
        summary.put("phase", s.name);
        summary.put("from_s", s.fromS);
        summary.put("to_s", s.toS);
        summary.put("schedule", String.join(",", s.specs));
        double scheduled = OfferedLoad.scheduledOpsPerSec(info.config(), s.fromS, s.toS);
        if (!Double.isNaN(scheduled)) {
            summary.put("scheduled_ops", Math.round(scheduled * (s.toS - s.fromS)));
        }
        Map<String, Object> ops = new LinkedHashMap<>();
        long completed = 0;
        for (Map.Entry<String, Totals> e : s.kinds.entrySet()) {
            Totals t = e.getValue();
            Map<String, Object> kind = new LinkedHashMap<>();
            kind.put("completed", t.sojourn.getTotalCount());
            kind.put("rejected", t.outcomes.rejected());
            kind.put("failed", t.outcomes.failed());
            kind.put("retries", t.outcomes.retries());
            kind.put("reconnects", t.outcomes.reconnects());
            kind.put("sojourn_us", Percentiles.micros(t.sojourn));
            kind.put("service_us", Percentiles.micros(t.service));
            ops.put(e.getKey(), kind);
            completed += t.sojourn.getTotalCount();
        }
        summary.put("completed_ops", completed);
        // over the intervals it holds: the last stretch also holds the drain after the window
        summary.put("ops_per_s", s.spanToS > s.spanFromS ? completed / (s.spanToS - s.spanFromS) : 0.0);
        summary.put("ops", ops);
        return summary;
    }

    @Override
    public void close() throws IOException {
        for (Stretch s : stretches) {
            if (s.csv != null) {
                s.csv.close();
                s.hlog.close();
            }
        }
    }
}
