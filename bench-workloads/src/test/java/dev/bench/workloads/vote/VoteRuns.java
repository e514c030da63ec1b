package dev.bench.workloads.vote;

import dev.bench.core.RunConfig;
import dev.bench.core.run.BenchmarkRun;
import dev.bench.core.run.PhaseOutcome;
import dev.bench.core.run.RunContext;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.util.List;
import java.util.Map;

/** Short vote runs through the run template, as the CLI runs them, for tests. */
final class VoteRuns {

    private VoteRuns() {
    }

    /** @param report Noria's table and the closing lines, as printed */
    record Run(PhaseOutcome outcome, long acknowledgedVotes, String report, int exitCode) {
    }

    /** Runs without closing the backend (the test owns it). */
    static Run run(VoteBackend backend, VoteSettings settings, RunConfig config) {
        StringWriter out = new StringWriter();
        VoteBenchmark benchmark = new VoteBenchmark(backend, settings, config);
        try {
            RunContext context = new RunContext(new PrintWriter(out), new PrintWriter(new StringWriter()), false,
                    Files.createTempDirectory("vote-run"), Map.of(), List.of());
            BenchmarkRun.Report report = BenchmarkRun.run(benchmark, context);
            return new Run(report.last(), benchmark.acknowledgedVotes(), out.toString(), report.exitCode());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
