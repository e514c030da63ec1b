package dev.bench.cli.report;

import dev.bench.cli.workload.ContainerRun;
import dev.bench.cli.workload.ExitCodes;
import dev.bench.cli.workload.WorkloadCommand;
import dev.bench.cli.workload.ParseErrors;
import dev.bench.cli.workload.WorkloadRequest;
import dev.bench.cli.workload.WorkloadRun;
import dev.bench.core.BenchException;
import dev.bench.core.Secrets;
import dev.bench.core.report.Slo;
import dev.bench.core.report.SweepReport.Step;
import dev.bench.core.report.SweepReport;
import dev.bench.core.results.ResultsJson;
import dev.bench.core.results.RunFiles;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParseResult;
import picocli.CommandLine.Spec;
import picocli.CommandLine;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.stream.Stream;

/**
 * {@code bench sweep --slo p99=10ms -- vote [flags] [backend ...]}: runs an open-loop workload's
 * command at rising --target values (doubling, then bisecting) until the SLO breaks, and reports the
 * highest sustainable throughput and the latency-throughput curve.
 */
@Command(name = "sweep", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Runs an open-loop workload command (everything after --) at rising --target (or --rate) values: "
                + "doubling from --start until a step breaks the SLO (--slo on sojourn, or achieved < --achieved %% of offered, or the run fell "
                + "behind), then bisecting. One results directory per step plus the sweep's report.html and sweep.json.",
                "Example: bench sweep --slo p99=10ms --start 2000 -- vote --runtime 10 --warmup 3 postgres --url ...",
                "With --container in the command, the server is started once for the whole sweep (its data set up once)."})
public final class SweepCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Option(names = "--slo", required = true, paramLabel = "pN=LIMIT[,...]", description = "Sojourn limits over all ops, e.g. p99=10ms or p50=1ms,p99.9=50ms (units us, ms, s).")
    String sloText;

    @Option(names = "--achieved", paramLabel = "PCT", defaultValue = "99", description = "A step must achieve this %% of the load offered (default: ${DEFAULT-VALUE}).")
    double achievedPercent;

    @Option(names = "--start", paramLabel = "N", defaultValue = "1000", description = "First target, ops/s (default: ${DEFAULT-VALUE}).")
    double start;

    @Option(names = "--max", paramLabel = "N", defaultValue = "100000000", description = "Never offer more than this, ops/s (default: ${DEFAULT-VALUE}).")
    double max;

    @Option(names = "--bisect", paramLabel = "N", defaultValue = "4", description = "Bisection steps after the first broken target (default: ${DEFAULT-VALUE}).")
    int bisectSteps;

    @Option(names = "--results", paramLabel = "DIR", description = "Where the steps and the sweep's report go (default: results/sweep-<workload>-<time>); new or empty.")
    Path results;

    @Parameters(arity = "1..*", paramLabel = "COMMAND", description = "The workload command and its flags, after --, without --target/--rate and --results.")
    List<String> command;

    private final List<Step> steps = new ArrayList<>();
    private String rateOption;
    private WorkloadRequest<?> workload;
    private CommandLine workloadCommand;
    /** With --container in the command: the server the whole sweep runs on, started once. */
    private ContainerRun.Plan containerPlan;
    private Map<String, Object> echoed = Map.of();

    /**
     * With --container the server is started once for the whole sweep and its data set up once: the steps
     * then compare rates on one server (as a sweep against a server of one's own does), and a step isn't
     * charged a container's start and a fresh load, which would dwarf a short step.
     */
    @Override
    public Integer call() {
        Slo slo = WorkloadRun.validated(spec, this::checkedSlo);
        workload = parsedWorkload();
        if (containerPlan == null) {
            return sweep(slo);
        }
        return ContainerRun.around(spec, containerPlan.kinds(), containerPlan.asked(), started -> {
            workload = containerPlan.onto().apply(started);
            int code = containerPlan.setup().on(workload.target(), started.echoed());
            if (code != ExitCodes.OK) {
                throw new BenchException("setting up the data on the container failed (exit " + code + "); sweep stopped");
            }
            echoed = started.echoed();
            return sweep(slo);
        });
    }

    private int sweep(Slo slo) {
        Path root = root();
        PrintWriter out = spec.commandLine().getOut();
        double ratio = achievedPercent / 100;
        out.printf(Locale.ROOT, "# sweep of '%s', SLO %s, achieved >= %.0f %% of offered%n", String.join(" ", masked()), slo, achievedPercent);
        out.flush();
        double best = TargetSearch.highestSustained(start, max, bisectSteps, target -> step(target, slo, ratio, root).ok());
        Step bestStep = steps.stream().filter(s -> s.ok() && s.targetOpsPerS() == best).findFirst().orElse(null);
        ResultsJson.write(root.resolve("sweep.json"), sweepJson(slo, bestStep));
        Path report = SweepReport.page("bench sweep · " + command.get(0) + " · " + root.getFileName(), slo, ratio, steps, bestStep)
                .write(root.resolve("report.html"));
        out.println(bestStep == null ? "# no step met the SLO"
                : String.format(Locale.ROOT, "# highest sustainable: target %,.0f ops/s, achieved %,.1f ops/s",
                        bestStep.targetOpsPerS(), bestStep.achievedOpsPerS()));
        out.println("# results: " + root);
        out.println("# report: " + report);
        out.flush();
        return bestStep == null ? ExitCodes.FAILED : 0;
    }

    /** The SLO, once every option is checked; bad input is one line and exit 2 (WorkloadRun.validated). */
    private Slo checkedSlo() {
        if (!(start > 0) || !(max >= start)) {
            throw new BenchException("--start must be > 0 and --max >= --start, got " + start + " and " + max);
        }
        if (!(achievedPercent > 0 && achievedPercent <= 100)) {
            throw new BenchException("--achieved must be a percentage in (0, 100], got " + achievedPercent);
        }
        if (bisectSteps < 0) {
            throw new BenchException("--bisect must be >= 0, got " + bisectSteps);
        }
        return Slo.parse("--slo", sloText);
    }

    /**
     * The workload the command after -- names, parsed once by its own command (it maps its flags onto
     * the workload's settings); each step then runs it at its own rate. Its rate and results are the
     * sweep's, so giving them is bad input.
     */
    private WorkloadRequest<?> parsedWorkload() {
        workloadCommand = spec.root().commandLine().getSubcommands().get(command.get(0));
        if (workloadCommand == null) {
            throw new ParameterException(spec.commandLine(), "'" + command.get(0) + "' is not a workload command");
        }
        ParseResult parsed;
        try {
            parsed = workloadCommand.parseArgs(command.subList(1, command.size()).toArray(String[]::new));
            ParseErrors.requireNone(parsed); // bench's command line collects its errors rather than throwing the first
        } catch (ParameterException e) {
            throw new ParameterException(spec.commandLine(), "the workload command was refused: " + e.getMessage());
        }
        List<CommandLine> chain = parsed.asCommandLineList();
        CommandSpec leaf = chain.get(chain.size() - 1).getCommandSpec();
        rateOption = chain.stream().map(c -> rate(c.getCommandSpec())).filter(java.util.Objects::nonNull).findFirst().orElse(null);
        if (!(leaf.userObject() instanceof WorkloadCommand runnable) || rateOption == null) {
            throw new ParameterException(spec.commandLine(), "'" + String.join(" ", command.subList(0, chain.size()))
                    + "' is not an open-loop workload command with --target (or --rate) and --results");
        }
        for (CommandLine c : chain) {
            for (String own : List.of(rateOption, "--results")) {
                if (c.getParseResult().hasMatchedOption(own)) {
                    throw new ParameterException(spec.commandLine(), "the sweep sets " + rateOption + " and --results itself;"
                            + " leave " + own + " out of the command");
                }
            }
        }
        try {
            containerPlan = runnable.containerPlan();
            return containerPlan != null ? null : runnable.request();
        } catch (ParameterException e) {
            throw new ParameterException(spec.commandLine(), "the workload command was refused: " + e.getMessage());
        }
    }

    private static String rate(CommandSpec command) {
        for (String name : List.of("--target", "--rate")) {
            if (command.findOption(name) != null) {
                return name;
            }
        }
        return null;
    }

    private Path root() {
        Path dir = results != null ? results
                : Path.of("results", "sweep-" + command.get(0) + "-" + LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss")));
        try {
            if (Files.isDirectory(dir)) {
                try (Stream<Path> entries = Files.list(dir)) {
                    if (entries.findAny().isPresent()) {
                        throw new BenchException("sweep results directory " + dir + " is not empty; choose another --results");
                    }
                }
            }
            Files.createDirectories(dir);
            return dir;
        } catch (IOException e) {
            throw new BenchException("cannot create " + dir + ": " + e.getMessage(), e);
        }
    }

    /** Runs the workload in-process at one target and judges the step from what it wrote. */
    private Step step(double target, Slo slo, double ratio, Path root) {
        int number = steps.size() + 1;
        Path dir = root.resolve(String.format(Locale.ROOT, "step-%02d-%.0f", number, target));
        StringWriter stepOut = new StringWriter();
        workloadCommand.setOut(new PrintWriter(stepOut, true));
        workloadCommand.setErr(spec.commandLine().getErr());
        int code;
        try {
            code = workload.atRate(Math.rint(target)).withResults(dir).execute(echoed);
        } catch (ParameterException e) {
            throw new BenchException("step " + number + ": the workload command was refused: " + e.getMessage() + "; sweep stopped");
        } catch (BenchException e) {
            spec.commandLine().getErr().println("bench: " + e.getMessage());
            code = ExitCodes.FAILED;
        }
        if (!Files.exists(dir.resolve("summary.json"))) {
            throw new BenchException("step " + number + " at " + (long) target + " ops/s wrote no results (exit " + code + "); sweep stopped");
        }
        writeQuietly(dir.resolve("output.txt"), stepOut.toString());
        Step step = SweepStep.judge(number, target, RunFiles.read(dir), slo, ratio, root.relativize(dir).toString());
        steps.add(step);
        PrintWriter out = spec.commandLine().getOut();
        out.printf(Locale.ROOT, "step %2d  target %,12.0f  achieved %,12.1f  sojourn p50 %9s  p99 %9s  p99.9 %9s ms  %s%n",
                number, target, step.achievedOpsPerS(), SweepStep.ms(step.sojournMs()[0]), SweepStep.ms(step.sojournMs()[1]),
                SweepStep.ms(step.sojournMs()[2]), step.verdict());
        out.flush();
        return step;
    }

    private static void writeQuietly(Path file, String text) {
        try {
            Files.writeString(file, Secrets.mask(text));
        } catch (IOException e) {
            throw new BenchException("cannot write " + file + ": " + e.getMessage(), e);
        }
    }

    /** The workload command as printed and stored: passwords (option values and in URLs) masked. */
    List<String> masked() {
        List<String> masked = new ArrayList<>();
        for (int i = 0; i < command.size(); i++) {
            String arg = command.get(i);
            String name = arg.contains("=") ? arg.substring(0, arg.indexOf('=')) : arg;
            if (name.startsWith("-") && Secrets.isSecretName(name) && arg.contains("=")) {
                masked.add(name + "=" + Secrets.MASK);
            } else if (i > 0 && command.get(i - 1).startsWith("-") && Secrets.isSecretName(command.get(i - 1))) {
                masked.add(Secrets.MASK);
            } else {
                masked.add(Secrets.maskUrl(arg));
            }
        }
        return masked;
    }

    private Map<String, Object> sweepJson(Slo slo, Step best) {
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("command", masked());
        json.put("slo", slo.toString());
        json.put("achieved_percent", achievedPercent);
        json.put("highest_sustainable_target_ops_per_s", best == null ? null : best.targetOpsPerS());
        json.put("highest_sustainable_achieved_ops_per_s", best == null ? null : best.achievedOpsPerS());
        List<Map<String, Object>> list = new ArrayList<>();
        for (Step s : steps) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("step", s.number());
            m.put("target_ops_per_s", s.targetOpsPerS());
            m.put("achieved_ops_per_s", s.achievedOpsPerS());
            m.put("sojourn_p50_ms", s.sojournMs()[0]);
            m.put("sojourn_p99_ms", s.sojournMs()[1]);
            m.put("sojourn_p999_ms", s.sojournMs()[2]);
            m.put("ok", s.ok());
            m.put("verdict", s.verdict());
            m.put("results", s.directory());
            list.add(m);
        }
        json.put("steps", list);
        return json;
    }
}
