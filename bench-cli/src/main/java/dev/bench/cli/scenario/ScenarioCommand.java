package dev.bench.cli.scenario;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.dataformat.yaml.YAMLGenerator;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import dev.bench.cli.workload.WorkloadRun;
import dev.bench.core.BenchException;
import dev.bench.core.InputErrors;
import dev.bench.core.Secrets;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Unmatched;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;

/**
 * {@code bench run FILE.yaml [--print] [OPTIONS]}: a scenario file run as the workload command it stands
 * for. Options after the file override it. Every check happens before anything connects, each error one
 * line {@code FILE:LINE: key: message}, all of the file's at once, exit 2.
 */
@Command(name = "run", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Runs a scenario file: the workload, its settings under its flags' names, the target, and phases"
                + " (name, duration, rate or FROM..TO ramp or schedule, measured, mix). Options after the file override it.",
                "Examples in examples/; e.g. bench run examples/vote-ramp.yaml --seed 7"})
public final class ScenarioCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Option(names = "--print", description = "Print the resolved scenario (options applied, secrets masked) and the command it runs; run nothing.")
    boolean print;

    @Parameters(index = "0", paramLabel = "FILE", description = "The scenario, YAML.")
    Path file;

    @Unmatched
    List<String> overrides = new ArrayList<>();

    @Override
    public Integer call() {
        CommandLine root = spec.root().commandLine();
        ScenarioValues scenario = WorkloadRun.validated(spec, () -> {
            ScenarioValues a = ScenarioValues.of(file, root, overrides);
            rememberSecrets(a.scenario());
            return a;
        });
        // picocli parses the command's path alone (vote memory); the file's values are then set on it as values, checked,
        // and printed or run
        CommandLine run = fresh(root);
        run.setOut(spec.commandLine().getOut());
        run.setErr(spec.commandLine().getErr());
        // the run's bad input is the scenario's: one line each, as every other of its errors (no hint at the workload's --help)
        run.setParameterExceptionHandler((ex, args) -> root.getParameterExceptionHandler().handleParseException(
                new ParameterException(spec.commandLine(), ex.getMessage(), ex.getCause() instanceof InputErrors errors ? errors : ex), args));
        run.setExecutionExceptionHandler(root.getExecutionExceptionHandler());
        run.setExecutionStrategy(parsed -> {
            WorkloadRun.validated(spec, () -> {
                scenario.applyTo(parsed);
                scenario.check(parsed);
                return null;
            });
            if (print) {
                print(scenario, spec.commandLine().getOut());
                return 0;
            }
            return new CommandLine.RunLast().execute(parsed);
        });
        return run.execute(scenario.commandPath());
    }

    /**
     * A new bench command line configured as this one, with the same subcommands (bench adds them at run
     * time), so the scenario's run starts from fresh option values.
     */
    static CommandLine fresh(CommandLine root) {
        CommandLine cli = new CommandLine(root.getCommandSpec().userObject().getClass());
        Set<Class<?>> commands = new LinkedHashSet<>();
        root.getSubcommands().values().forEach(sub -> commands.add(sub.getCommandSpec().userObject().getClass()));
        commands.forEach(cli::addSubcommand);
        cli.setCaseInsensitiveEnumValuesAllowed(root.isCaseInsensitiveEnumValuesAllowed());
        return cli;
    }

    /** The file's passwords are masked in everything the run prints and writes, as the command line's are. */
    private static void rememberSecrets(Scenario s) {
        s.flags().forEach((key, value) -> {
            Secrets.rememberFrom(value.text());
            if (Secrets.isSecretName(key)) {
                Secrets.remember(value.text());
            }
        });
    }

    private static void print(ScenarioValues a, PrintWriter out) {
        Scenario s = a.scenario();
        Map<String, Object> doc = new LinkedHashMap<>();
        doc.put("workload", s.workload());
        doc.putAll(s.subcommand());
        Map<String, String> settings = new LinkedHashMap<>();
        s.flags().forEach((k, v) -> settings.put(k, Secrets.isSecretName(k) ? Secrets.MASK : Secrets.mask(v.text())));
        doc.put("settings", settings);
        List<Map<String, Object>> phases = new ArrayList<>();
        for (Scenario.Phase p : s.phases()) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("name", p.name());
            if (p.schedule() != null) {
                m.put("schedule", p.schedule());
            } else {
                m.put("duration", p.duration());
                m.put(p.workers() != null ? "workers" : "rate", p.workers() != null ? p.workers() : p.rate());
            }
            m.put("measured", p.measured());
            if (p.mix() != null) {
                Map<String, Object> mix = new LinkedHashMap<>();
                p.mix().forEach((kind, w) -> mix.put(kind, w == Math.rint(w) && Math.abs(w) < 1e15 ? (Object) w.longValue() : w));
                m.put("mix", mix);
            }
            phases.add(m);
        }
        if (!phases.isEmpty()) {
            doc.put("phases", phases);
        }
        try {
            out.print(new YAMLMapper().disable(YAMLGenerator.Feature.WRITE_DOC_START_MARKER)
                    .enable(YAMLGenerator.Feature.MINIMIZE_QUOTES).writeValueAsString(doc));
        } catch (JsonProcessingException e) {
            throw new BenchException("cannot print the scenario: " + e.getMessage(), e);
        }
        out.println("# runs: bench " + Secrets.mask(String.join(" ", a.printed().stream().map(ScenarioCommand::quoted).toList())));
        out.flush();
    }

    private static String quoted(String arg) {
        return arg.matches("[\\w.,:=/@+-]+") ? arg : "'" + arg.replace("'", "'\\''") + "'";
    }
}
