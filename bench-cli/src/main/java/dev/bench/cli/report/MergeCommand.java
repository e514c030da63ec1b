package dev.bench.cli.report;

import com.fasterxml.jackson.databind.JsonNode;
import dev.bench.cli.workload.ExitCodes;
import dev.bench.cli.workload.TargetOptions;
import dev.bench.core.BenchException;
import dev.bench.core.Failures;
import dev.bench.core.Secrets;
import dev.bench.core.report.RunReport;
import dev.bench.core.results.MergeInputs;
import dev.bench.core.results.ResultsJson;
import dev.bench.core.results.RunFiles;
import dev.bench.core.results.RunMerger;
import dev.bench.core.results.verify.Findings;
import dev.bench.core.results.verify.ResultsVerifier;
import dev.bench.core.run.IntegrityCheck;
import dev.bench.workloads.ClientsCheck;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;

/** {@code bench merge --results OUT DIR...}: one results directory from several clients' results. */
@Command(name = "merge", mixinStandardHelpOptions = true,
        description = {"Merges the results directories of several client processes of one run (started with "
                + "--clients N --client-id I --start-at TIME) into one: histograms aligned by wall clock and added "
                + "exactly, counts added, figures combined as each workload declares; with the target options "
                + "(--url ...) the after-run check runs once over what all clients were told; writes "
                + "summary.json, intervals.csv, latency.hlog and report.html.",
                "Refuses (exit 2, one line) what bench verify refuses or finds broken in a client, and (naming the two "
                + "inputs) directories that are not the clients of one run: "
                + "the same run twice (same directory or run_id, or the same --client-id twice), different "
                + "workloads or settings (every option but client-id, results, metrics-port, histogram, profile, "
                + "start-at and the connection options must agree), a client that measured no op, and windows that "
                + "don't overlap."},
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:merged, and the merged check (if any) agreed", "1:the merged check found a mismatch, or a file "
                + "could not be written", "2:bad input: not the clients of one run, or not results directories"})
public final class MergeCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Option(names = "--results", required = true, paramLabel = "DIR", description = "Where to write the merged results; must be new or empty.")
    Path results;

    @Parameters(arity = "1..*", paramLabel = "DIR", description = "The clients' results directories.")
    List<Path> clients;

    /** The database the clients wrote: given, the after-run check runs once over all of them. */
    @Mixin
    TargetOptions target;

    @Override
    public Integer call() {
        List<RunFiles> parts;
        try {
            if (clients.contains(results)) {
                throw new BenchException("--results " + results + " is one of the inputs; merge into a new directory");
            }
            clients.forEach(MergeCommand::holdsTogether);
            parts = clients.stream().map(RunFiles::read).toList();
            MergeInputs.check(parts); // before the check over all clients connects anywhere
        } catch (BenchException e) {
            spec.commandLine().getErr().println("bench: " + Secrets.mask(Failures.firstLine(e.getMessage())));
            spec.commandLine().getErr().flush();
            return ExitCodes.BAD_INPUT;
        }
        IntegrityCheck together = ClientsCheck.of(parts.stream().map(RunFiles::summary).toList(), target.settings());
        RunFiles merged = new RunMerger(parts).writeTo(results, together == null ? null : ResultsJson.mapper().valueToTree(
                Map.of("checked", together.checked(), "ok", together.ok(), "verdict", together.verdict())));
        Path report = RunReport.write(merged);
        PrintWriter out = spec.commandLine().getOut();
        JsonNode s = merged.summary();
        out.printf(Locale.ROOT, "# merged %d clients: %,d ops completed, %,.1f ops/s%n", clients.size(),
                s.path("throughput").path("completed_ops").asLong(), s.path("throughput").path("actual_ops_per_s").asDouble());
        for (Map.Entry<String, JsonNode> k : (Iterable<Map.Entry<String, JsonNode>>) () -> s.path("ops").fields()) {
            JsonNode so = k.getValue().path("sojourn_us");
            out.printf(Locale.ROOT, "%-10s completed %,d  sojourn p50 %.1f µs  p99 %.1f µs  p99.9 %.1f µs  max %.1f µs%n",
                    k.getKey(), k.getValue().path("completed").asLong(), so.path("p50").asDouble(),
                    so.path("p99").asDouble(), so.path("p99.9").asDouble(), so.path("max").asDouble());
        }
        boolean ok = s.path("integrity").path("ok").asBoolean(false);
        out.println("# integrity: " + s.path("integrity").path("verdict").asText());
        out.println("# results: " + results);
        out.println("# report: " + report);
        out.flush();
        return ok ? 0 : 1;
    }

    /**
     * A client's files agree with its summary by {@code bench verify}'s rules: a latency.hlog that isn't what
     * the summary counts would make a merge that verify then fails.
     */
    private static void holdsTogether(Path client) {
        Findings f = ResultsVerifier.verify(List.of(client));
        if (!f.allHold()) {
            throw new BenchException(client + " fails bench verify (" + f.broken().size() + " broken invariant"
                    + (f.broken().size() == 1 ? "" : "s") + "; the first: " + f.broken().get(0) + "); merge only results that hold");
        }
    }
}
