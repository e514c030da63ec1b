package dev.bench.core.results.verify;

import dev.bench.core.results.verify.ResultDir.Part;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Named segments partition the measured window: every measured interval of the run is in exactly one
 * segment directory, so per kind their summaries' and their intervals.csv's completed add up to the
 * run's, and their measured rows to the run's rows.
 */
final class PartitionChecks {

    private PartitionChecks() {
    }

    static void check(Part run, Findings out) {
        if (run.segments().isEmpty()) {
            return;
        }
        List<String> kinds = new ArrayList<>();
        run.block().numbers().path("ops").fieldNames().forEachRemaining(kinds::add);
        run.files().csvKinds().stream().filter(k -> !kinds.contains(k)).forEach(kinds::add);
        for (String kind : kinds) {
            long runSummary = Counts.of(run.block().numbers().path("ops").path(kind).path("completed"));
            long runRows = run.files().csvCompleted(kind);
            List<String> terms = new ArrayList<>();
            long summaries = 0;
            long rows = 0;
            for (Part s : run.segments()) {
                long n = Counts.of(s.block().numbers().path("ops").path(kind).path("completed"));
                summaries = Math.addExact(summaries, n);
                rows = Math.addExact(rows, s.files().csvCompleted(kind));
                terms.add(s.block().dir().getFileName() + " " + n);
            }
            long segmentSummaries = summaries;
            long segmentRows = rows;
            out.check(segmentSummaries == runSummary && segmentRows == runRows, () -> String.format(Locale.ROOT,
                    "%s: %s: the segments' completed (%s) add up to %d in their summaries and %d in their "
                            + "intervals.csv, not the run's %d and %d", run.block().name(), kind, String.join(" + ", terms),
                    segmentSummaries, segmentRows, runSummary, runRows));
        }
        int runIntervals = run.files().measured().size();
        int segmentIntervals = run.segments().stream().mapToInt(s -> s.files().measured().size()).sum();
        out.check(runIntervals == segmentIntervals, () -> run.block().name() + ": the segments hold " + segmentIntervals
                + " measured interval rows, the run " + runIntervals + ": each interval belongs to exactly one segment");
    }
}
