package dev.bench.cli;

import dev.bench.core.metrics.IntervalListener;
import dev.bench.core.metrics.RunResult;
import dev.bench.core.results.ConsoleProgress;
import dev.bench.core.results.HlogWriter;
import dev.bench.core.results.ResultsDirectory;
import dev.bench.core.BenchException;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Everything a workload command does around a run that isn't the workload: live progress on stderr,
 * the results directory, an optional extra HdrHistogram log, and the closing lines on stdout.
 */
public final class RunReporter implements AutoCloseable {

    private final CommandLine command;
    private final String workload;
    private final ResultsDirectory results;
    private final HlogWriter extraHistogram;
    private final List<IntervalListener> listeners = new ArrayList<>();

    private RunReporter(CommandLine command, String workload, ResultsDirectory results, HlogWriter extraHistogram) {
        this.command = command;
        this.workload = workload;
        this.results = results;
        this.extraHistogram = extraHistogram;
        listeners.add(new ConsoleProgress(command.getErr(), System.console() != null));
        listeners.addAll(results.listeners());
        if (extraHistogram != null) {
            listeners.add(extraHistogram);
        }
    }

    /** @param histogramFile a user-requested copy of the HdrHistogram log (Noria's --histogram), or null */
    public static RunReporter start(CommandLine command, String workload, Path resultsDir, Path histogramFile) {
        ResultsDirectory results = ResultsDirectory.create(resultsDir, workload);
        try {
            HlogWriter extra = histogramFile == null ? null : new HlogWriter(histogramFile);
            return new RunReporter(command, workload, results, extra);
        } catch (IOException e) {
            throw new BenchException("cannot write --histogram " + histogramFile + ": " + e.getMessage(), e);
        }
    }

    public List<IntervalListener> listeners() {
        return listeners;
    }

    /** The command's stdout: the original tool's report goes here. */
    public PrintWriter out() {
        return command.getOut();
    }

    public Map<String, Object> options(CommandSpec... commands) {
        return OptionsEcho.of(commands);
    }

    /**
     * Writes summary.json and prints the closing lines.
     *
     * @return whether the run went as planned (did not stop early)
     */
    public boolean finish(RunResult result, Map<String, Object> extras) {
        Map<String, Object> summary = new LinkedHashMap<>();
        summary.put("workload", workload);
        summary.putAll(extras);
        results.writeSummary(result, summary);
        PrintWriter out = out();
        if (!result.completedAsPlanned()) {
            out.println("# " + result.stopReason());
        }
        out.println("# results: " + results.path());
        out.flush();
        return result.completedAsPlanned();
    }

    @Override
    public void close() throws IOException {
        results.close();
        if (extraHistogram != null) {
            extraHistogram.close();
        }
    }
}
