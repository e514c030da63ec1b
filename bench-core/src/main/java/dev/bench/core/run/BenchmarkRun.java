package dev.bench.core.run;

import dev.bench.core.BenchException;
import dev.bench.core.Failures;
import dev.bench.core.OpKind;
import dev.bench.core.Workload;
import dev.bench.core.engine.Engine;
import dev.bench.core.engine.PhaseFailedException;
import dev.bench.core.metrics.IntervalListener;
import dev.bench.core.metrics.RunResult;
import dev.bench.core.profile.ClientProfile;
import dev.bench.core.profile.WindowProfiler;
import dev.bench.core.report.RunReport;
import dev.bench.core.results.ClientCostReport;
import dev.bench.core.results.ResultsDirectory;
import dev.bench.core.results.HostTable;
import dev.bench.core.results.Unavailability;
import dev.bench.core.results.ResultsDirectory.PhaseFiles;
import dev.bench.core.results.SegmentFiles;
import dev.bench.core.results.RunFiles;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The steps every workload's run takes, written once: prepare, run each phase with live progress and
 * results files, check the database after each, print the origin's report, write summary.json, and
 * decide the exit code. A workload supplies its parts as a {@link Benchmark}.
 *
 * <pre>{@code
 * try (Benchmark vote = new VoteBenchmark(backend, settings, config)) {
 *     return BenchmarkRun.execute(vote, context);   // 0 ok, 1 stopped early or mismatch
 * }
 * }</pre>
 *
 * <p>Expected failures (unreachable server, foreign table, fatal op error) are thrown as
 * {@link BenchException} with one line for the user. Ctrl-C (an interrupt of the calling thread)
 * ends the current phase early, skips the rest, and still reports and writes what was measured.
 */
public final class BenchmarkRun {

    public static final int EXIT_OK = 0;
    public static final int EXIT_FAILED = 1;
    /**
     * One client of several can't check alone: the others' writes are in the same tables. Each records
     * what it was told ({@link Benchmark#told}); the check runs once over all of them.
     */
    static final String SHARED_CHECK = "one of several clients writing one database; `bench merge` with the target "
            + "options checks what all of them were told";

    private BenchmarkRun() {
    }

    /** What a run produced: the phases that ran, where the results went, and the exit code. */
    public record Report(List<PhaseOutcome> outcomes, Path resultsDirectory, int exitCode) {

        /** The last phase run (the only one, for most workloads). */
        public PhaseOutcome last() {
            return outcomes.get(outcomes.size() - 1);
        }
    }

    /** @return {@link #EXIT_OK} when every phase ran to its end and every check agreed, else {@link #EXIT_FAILED} */
    public static int execute(Benchmark benchmark, RunContext context) {
        return run(benchmark, context).exitCode();
    }

    /** Like {@link #execute}, returning the outcomes too (for tests and for runs of runs, such as sweeps). */
    public static Report run(Benchmark benchmark, RunContext context) {
        prepare(benchmark);
        List<PhasePlan> plans = List.copyOf(benchmark.phases());
        if (plans.isEmpty()) {
            throw new IllegalStateException(benchmark.name() + " planned no phase");
        }
        ResultsDirectory results = ResultsDirectory.create(context.resultsDir(), benchmark.name());
        PrintWriter out = context.out();
        List<PhaseOutcome> outcomes = new ArrayList<>();
        List<String> directories = new ArrayList<>();
        List<List<String>> segmentDirectories = new ArrayList<>();
        List<ClientProfile> profiles = new ArrayList<>(); // a null per phase without one
        // a failed phase or a check that could not run: the first is the exit's one line, after the results are written
        List<String> errors = new ArrayList<>();
        for (int i = 0; i < plans.size(); i++) {
            PhasePlan plan = plans.get(i);
            Workload workload = workloadOf(benchmark, plan); // before the phase's files: a bad --mix leaves none behind
            PhaseOutcome outcome;
            try (PhaseFiles files = results.openPhase(i + 1, plan.name(), plans.size());
                 SegmentFiles segments = SegmentFiles.of(results.path().resolve(files.directory()), plan.config());
                 WindowProfiler profiler = context.profile() ? new WindowProfiler(results.path(), files.directory()) : null) {
                outcome = runPhase(benchmark, plan, workload, files, segments, profiler, context, errors);
                directories.add(files.directory());
                segmentDirectories.add(segments == null ? List.of() : segments.directories());
                profiles.add(profiler == null ? null : profiler.profile());
            } catch (IOException e) {
                throw new BenchException("cannot finish the results files in " + results.shown() + ": " + e.getMessage(), e);
            }
            outcomes.add(outcome);
            benchmark.report(outcome, out);
            Unavailability.lines(outcome.result()).forEach(out::println);
            HostTable.lines(outcome.result()).forEach(out::println);
            ClientCostReport.lines(outcome.result()).forEach(out::println);
            if (profiles.get(i) != null) {
                out.println(profiles.get(i).line(results.shown().resolve(directories.get(i))));
            }
            if (!outcome.result().completedAsPlanned()) {
                out.println("# " + outcome.result().stopReason());
            } else if (outcome.result().completedTotal() == 0) {
                out.println("# measured no op: " + plan.name() + " has no result");
            }
            out.flush();
            if (outcome.result().interrupted() || outcome.failed()) {
                break;
            }
        }
        benchmark.finish(outcomes, out);
        results.writeSummary(summary(benchmark, context, outcomes, directories, segmentDirectories, profiles));
        writeReport(results.path(), out);
        out.println("# results: " + results.shown());
        out.flush();
        if (!errors.isEmpty()) {
            // everything measured is written; the failure or the check that could not run is the exit's one line
            throw new BenchException(errors.get(0));
        }
        boolean ok = outcomes.size() == plans.size() && outcomes.stream().allMatch(PhaseOutcome::ok);
        return new Report(List.copyOf(outcomes), results.path(), ok ? EXIT_OK : EXIT_FAILED);
    }

    /** report.html beside the results; a report that can't be written costs a line, not the run's verdict. */
    private static void writeReport(Path dir, PrintWriter out) {
        try {
            RunReport.write(RunFiles.read(dir));
        } catch (BenchException e) {
            out.println("# report.html not written: " + e.getMessage());
        }
    }

    private static void prepare(Benchmark benchmark) {
        try {
            benchmark.prepare();
        } catch (BenchException e) {
            throw e;
        } catch (Exception e) {
            throw new BenchException("preparing the data failed: " + Failures.describe(e), e);
        }
    }

    /** The phase's workload, with a {@code --mix} checked against its op kinds. */
    private static Workload workloadOf(Benchmark benchmark, PhasePlan plan) {
        Workload workload;
        try {
            workload = benchmark.workload(plan);
        } catch (BenchException e) {
            throw e;
        } catch (Exception e) {
            throw new BenchException("setting up phase " + plan.name() + " failed: " + Failures.describe(e), e);
        }
        if (plan.config().mix() != null) {
            plan.config().mix().requireKinds("--mix", workload.kinds().stream().map(OpKind::name).toList());
        }
        return workload;
    }

    /**
     * @param errors gets one line when the phase failed or its after-run check could not run (the phase's
     *               results are kept either way)
     */
    private static PhaseOutcome runPhase(Benchmark benchmark, PhasePlan plan, Workload workload, PhaseFiles files,
                                         SegmentFiles segments, WindowProfiler profiler, RunContext context, List<String> errors) {
        List<IntervalListener> listeners = new ArrayList<>();
        listeners.add(new StartAtNotice(context.err(), Instant::now));
        listeners.add(new ConsoleProgress(context.err(), context.terminal()));
        listeners.addAll(files.listeners());
        if (segments != null) {
            listeners.add(segments);
        }
        if (profiler != null) {
            listeners.add(profiler);
        }
        listeners.addAll(context.extraListeners());
        listeners.addAll(benchmark.listeners(plan, context.out()));

        RunResult result;
        try {
            result = Engine.run(workload, plan.config(), listeners);
        } catch (PhaseFailedException e) {
            // the database is not checked after a failure: the server may be gone, and a check that waits for it
            // would hold back the results of what was measured
            errors.add(e.getMessage());
            IntegrityCheck unconfirmed = IntegrityCheck.couldNotRun("the run failed: " + e.getMessage());
            return new PhaseOutcome(plan, e.result(), unconfirmed, 0, benchmark.figures(plan, e.result()),
                    benchmark.told(plan, e.result()), true);
        }
        IntegrityCheck check;
        long checkStart = System.nanoTime();
        try {
            check = plan.config().clients() > 1 ? IntegrityCheck.notChecked(SHARED_CHECK)
                    : benchmark.check(plan, result);
        } catch (Exception e) {
            String why = e instanceof BenchException ? e.getMessage() : Failures.describe(e);
            errors.add("the run finished but the after-run check could not run: " + why);
            check = IntegrityCheck.couldNotRun(why);
        }
        double checkSeconds = (System.nanoTime() - checkStart) / 1e9;
        return new PhaseOutcome(plan, result, check, checkSeconds, benchmark.figures(plan, result), benchmark.told(plan, result),
                false);
    }

    /** summary.json: one phase flat at the top (as it has always been), several as a list. */
    private static Map<String, Object> summary(Benchmark benchmark, RunContext context, List<PhaseOutcome> outcomes,
                                               List<String> directories, List<List<String>> segmentDirectories,
                                               List<ClientProfile> profiles) {
        Map<String, Object> summary = new LinkedHashMap<>();
        summary.put("workload", benchmark.name());
        summary.putAll(benchmark.describe());
        summary.put("options", context.options());
        if (outcomes.size() == 1) {
            PhaseOutcome only = outcomes.get(0);
            summary.putAll(only.figures().toSummary());
            summary.put("integrity", integrity(only.check(), only.checkSeconds()));
            putTold(summary, only);
            summary.put("environment", ResultsDirectory.environment());
            summary.putAll(ResultsDirectory.phaseNumbers(only.result()));
            putSegments(summary, segmentDirectories.get(0));
            putProfile(summary, profiles.get(0));
            return summary;
        }
        summary.put("integrity", integrity(IntegrityCheck.allOf(outcomes.stream().map(PhaseOutcome::check).toList()),
                outcomes.stream().mapToDouble(PhaseOutcome::checkSeconds).sum()));
        summary.put("environment", ResultsDirectory.environment());
        List<Map<String, Object>> phases = new ArrayList<>();
        for (int i = 0; i < outcomes.size(); i++) {
            PhaseOutcome o = outcomes.get(i);
            Map<String, Object> phase = new LinkedHashMap<>();
            phase.put("name", o.plan().name());
            phase.put("directory", directories.get(i));
            phase.putAll(o.figures().toSummary());
            phase.put("integrity", integrity(o.check(), o.checkSeconds()));
            putTold(phase, o);
            phase.putAll(ResultsDirectory.phaseNumbers(o.result()));
            putSegments(phase, segmentDirectories.get(i));
            putProfile(phase, profiles.get(i));
            phases.add(phase);
        }
        summary.put("phases", phases);
        return summary;
    }

    /** The scheduled phases' own directories ({@link SegmentFiles}), when the load had named phases. */
    private static void putSegments(Map<String, Object> block, List<String> segmentDirectories) {
        if (!segmentDirectories.isEmpty()) {
            block.put("scheduled_phases", segmentDirectories);
        }
    }

    private static void putProfile(Map<String, Object> block, ClientProfile profile) {
        if (profile != null) {
            block.put("profile", profile.toSummary());
        }
    }

    private static void putTold(Map<String, Object> block, PhaseOutcome outcome) {
        if (!outcome.told().isEmpty()) {
            block.put("told", outcome.told());
        }
    }

    private static Map<String, Object> integrity(IntegrityCheck check, double seconds) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("checked", check.checked());
        m.put("ok", check.ok());
        m.put("verdict", check.verdict());
        m.put("seconds", seconds);
        return m;
    }
}
