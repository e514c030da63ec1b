package dev.bench.core.run;

import dev.bench.core.metrics.IntervalListener;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * Where a run reports, as the command line set it up.
 *
 * @param out            the origin's report (Noria's table, sysbench's lines): stdout
 * @param err            live progress: stderr
 * @param terminal       stderr is a terminal (progress bar)
 * @param resultsDir     the user's {@code --results DIR}, or null for {@code results/<workload>-<time>}
 * @param options        every option the run was given, secrets already masked, for summary.json
 * @param extraListeners more interval listeners the user asked for (Noria's {@code --histogram FILE})
 * @param profile        profile the client's CPU over each phase's measured window ({@code --profile})
 */
public record RunContext(PrintWriter out, PrintWriter err, boolean terminal, Path resultsDir,
                         Map<String, Object> options, List<IntervalListener> extraListeners, boolean profile) {

    /** A run without a profile. */
    public RunContext(PrintWriter out, PrintWriter err, boolean terminal, Path resultsDir,
                      Map<String, Object> options, List<IntervalListener> extraListeners) {
        this(out, err, terminal, resultsDir, options, extraListeners, false);
    }
}
