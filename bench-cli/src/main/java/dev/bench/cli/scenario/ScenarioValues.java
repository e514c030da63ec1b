package dev.bench.cli.scenario;

import dev.bench.cli.workload.RunOptions;
import dev.bench.cli.workload.WorkloadCommand;
import dev.bench.cli.workload.WorkloadRequest;
import dev.bench.cli.workload.WorkloadRun;
import dev.bench.core.BenchException;
import dev.bench.core.InputErrors;
import dev.bench.core.OpMix;
import dev.bench.core.Schedule;
import dev.bench.core.WorkerSchedule;
import dev.bench.core.settings.SettingNames;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.ParseResult;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A scenario as the values of the command it stands for ({@code vote --articles 1000 ... memory}), checked the
 * way that command checks them, before anything connects, with every message naming the file's key and line.
 *
 * <p>What travels how: the phases are read once, by {@link Scenario#load}, into a {@link Schedule} (or
 * {@link WorkerSchedule}), an {@link OpMix} and the warmup's seconds, and given to the command as those values
 * (its {@link RunOptions} and its warmup option). Every other key of the file (the workload's, the target's,
 * the run's) is converted by its option's own type ({@link OptionValue}) and set on the command's model: the
 * command line is parsed only for the command's path ({@code vote memory}); no argument list is built from the
 * file. The equivalent command line is only written out, for {@code --print}.
 */
final class ScenarioValues {

    private final Scenario scenario;
    private final WorkloadPath path;
    /** The command line the scenario stands for, the load written out as its options: what {@code --print} shows. */
    private final List<String> printed;
    private final Scenario.Load load;

    private ScenarioValues(Scenario scenario, WorkloadPath path, List<String> printed, Scenario.Load load) {
        this.scenario = scenario;
        this.path = path;
        this.printed = printed;
        this.load = load;
    }

    /**
     * @param root      the bench command line (its workload commands)
     * @param overrides command-line options given after the file, which win over it
     * @throws BenchException every error of the file at once ({@link InputErrors}), each {@code FILE:LINE: key: message}
     */
    static ScenarioValues of(Path file, CommandLine root, List<String> overrides) {
        InputErrors.Collector errors = new InputErrors.Collector();
        Scenario read = ScenarioFile.read(file, errors);
        WorkloadPath path = errors.check(() -> WorkloadPath.of(read, root));
        if (path == null) {
            errors.throwIfAny();
        }
        Map<String, String> given = errors.check(() -> path.overrides(overrides));
        Scenario scenario = read.withOverrides(given == null ? Map.of() : given);
        Scenario.Load load = errors.check(scenario::load);
        String warmupKey = path.warmupKey();
        if (!scenario.phases().isEmpty()) {
            for (String key : new String[] {"schedule", warmupKey, "mix"}) {
                Scenario.Value v = scenario.flags().get(key);
                if (v != null && (!key.equals("mix") || load != null && load.mix() != null)) {
                    errors.add(scenario.where(key, v.line()) + " the phases set it; leave it out");
                }
            }
        }
        Map<String, String> loadFlags = new LinkedHashMap<>();
        if (load != null) {
            loadFlags.put("schedule", load.scheduleText());
            if (load.mix() != null) {
                loadFlags.put("mix", load.mix().toString());
            }
            if (load.warmupSeconds() > 0) {
                loadFlags.put(warmupKey, Double.toString(load.warmupSeconds()));
            }
        }
        for (String key : union(scenario.flags().keySet(), loadFlags.keySet())) {
            if (path.option(key) == null) {
                Scenario.Value v = scenario.flags().get(key);
                errors.add(scenario.where(key, v == null ? 0 : v.line()) + " unknown for " + path.name()
                        + " (see bench " + path.name() + " --help)");
            }
        }
        errors.throwIfAny();
        List<String> printed = new ArrayList<>();
        for (CommandSpec command : path.commands()) {
            printed.add(command.name());
            scenario.flags().forEach((key, value) -> written(printed, command, path.option(key), value.text()));
            loadFlags.forEach((key, text) -> written(printed, command, path.option(key), text));
        }
        return new ScenarioValues(scenario, path, printed, load);
    }

    /** An option of {@code command} as a command line gives it: {@code --flag} (when true), or {@code --key value}. */
    private static void written(List<String> line, CommandSpec command, OptionSpec option, String text) {
        if (!command.options().contains(option)) {
            return;
        }
        if (option.arity().max() > 0) {
            line.add(option.longestName());
            line.add(text);
        } else if (text.equals("true")) {
            line.add(option.longestName());
        }
    }

    private static List<String> union(java.util.Set<String> a, java.util.Set<String> b) {
        List<String> all = new ArrayList<>(a);
        b.stream().filter(k -> !a.contains(k)).forEach(all::add);
        return all;
    }

    /** The command's path as typed, {@code vote memory}: all of the command line that picocli parses. */
    String[] commandPath() {
        return path.names();
    }

    /**
     * Sets the file's values on the command line parsed to {@link #commandPath} (its defaults applied): each
     * key's, converted as its option converts a command line's text, then the phases' load. Every value
     * that doesn't convert is an error, all at once.
     *
     * @throws BenchException {@code FILE:LINE: key: message}, or {@code --key message} for an option after the file
     */
    void applyTo(ParseResult parsed) {
        WorkloadPath here = new WorkloadPath(parsed.asCommandLineList().stream().skip(1).map(CommandLine::getCommandSpec).toList());
        InputErrors.Collector errors = new InputErrors.Collector();
        scenario.flags().forEach((key, value) -> {
            OptionSpec option = here.option(key);
            Object typed = errors.check(() -> {
                try {
                    return OptionValue.of(option, value.text());
                } catch (BenchException e) {
                    throw new BenchException(scenario.where(key, value.line()) + " " + e.getMessage());
                }
            });
            if (typed != null) {
                option.setValue(typed);
            }
        });
        errors.throwIfAny();
        inject(parsed);
    }

    /** The command line the scenario stands for, its load written as --schedule, --mix and the warmup option. */
    List<String> printed() {
        return printed;
    }

    Scenario scenario() {
        return scenario;
    }

    /** What the phases were read into, or null without phases. */
    Scenario.Load load() {
        return load;
    }

    /**
     * Gives the parsed command the phases' load as the values read from the file: each {@link RunOptions}
     * of the command's path takes the schedule and mix, the warmup option its seconds. The schedule's and
     * mix's options get their text too, only so that summary.json echoes the options the run stood for.
     */
    private void inject(ParseResult parsed) {
        if (load == null) {
            return;
        }
        for (ParseResult r = parsed; r != null; r = r.hasSubcommand() ? r.subcommand() : null) {
            CommandSpec command = r.commandSpec();
            for (CommandSpec mixin : command.mixins().values()) {
                if (mixin.userObject() instanceof RunOptions options) {
                    mixin.findOption("--schedule").setValue(load.scheduleText());
                    if (load.mix() != null) {
                        mixin.findOption("--mix").setValue(load.mix().toString());
                    }
                    options.load(load.rates(), load.workers(), load.mix());
                }
            }
            OptionSpec warmup = command.findOption("--" + path.warmupKey());
            if (warmup != null && load.warmupSeconds() > 0) {
                warmup.setValue(load.warmupSeconds());
            }
        }
    }

    /**
     * Plans the workload as the parsed command maps it, with the file's names for its settings, so a bad
     * value is reported by its key and line before anything connects.
     */
    void check(ParseResult parsed) {
        ParseResult leaf = parsed;
        while (leaf.hasSubcommand()) {
            leaf = leaf.subcommand();
        }
        if (leaf.commandSpec().userObject() instanceof WorkloadCommand command) {
            WorkloadRequest<?> request;
            try {
                request = command.request();
            } catch (ParameterException e) {
                return; // not a request on its own (tao's load step before its run): its run checks it, by flag names
            }
            plan(request, scenario.names(load, path.warmupKey()));
        }
    }

    private <S> void plan(WorkloadRequest<S> r, SettingNames names) {
        try {
            WorkloadRun.planned(r.type(), r.settings(), r.target(), r.run(), names, warning -> { });
        } catch (BenchException e) {
            String m = e.getMessage();
            throw m.startsWith(scenario.file()) || m.startsWith("--") ? e : new BenchException(scenario.file() + ": " + m);
        }
    }
}
