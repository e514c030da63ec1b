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
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A scenario as the command it stands for ({@code vote --articles 1000 ... memory}), checked the way that
 * command checks it, before anything connects, with every message naming the file's key and line.
 *
 * <p>What travels how: the phases are read once, by {@link Scenario#load}, into a {@link Schedule} (or
 * {@link WorkerSchedule}), an {@link OpMix} and the warmup's seconds, and given to the parsed command as
 * those values ({@link #inject}: its {@link RunOptions} and its warmup option); they are never written out
 * as text to be read again. The workload's own keys, the target's and the other run keys ({@code settings},
 * {@code target}, {@code run}, {@code metrics}) still go through the command's options as arguments,
 * parsed once by picocli, so their conversions and messages are the command line's.
 */
final class ScenarioArgs {

    private static final Pattern OPTION_IN_MESSAGE = Pattern.compile("option '(-[^']+)'");

    private final Scenario scenario;
    private final WorkloadPath path;
    /** The workload's arguments: every key of the file but the phases' load. */
    private final List<String> args;
    /** The command line the scenario stands for, the load written out as its options: what {@code --print} shows. */
    private final List<String> printed;
    private final Scenario.Load load;

    private ScenarioArgs(Scenario scenario, WorkloadPath path, List<String> args, List<String> printed, Scenario.Load load) {
        this.scenario = scenario;
        this.path = path;
        this.args = args;
        this.printed = printed;
        this.load = load;
    }

    /**
     * @param root      the bench command line (its workload commands)
     * @param overrides command-line options given after the file, which win over it
     * @throws BenchException every error of the file at once ({@link InputErrors}), each {@code FILE:LINE: key: message}
     */
    static ScenarioArgs of(Path file, CommandLine root, List<String> overrides) {
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
        List<String> args = new ArrayList<>();
        List<String> printed = new ArrayList<>();
        for (CommandSpec command : path.commands()) {
            args.add(command.name());
            printed.add(command.name());
            for (Map.Entry<String, Scenario.Value> e : scenario.flags().entrySet()) {
                OptionSpec option = path.option(e.getKey());
                if (option != null && command.options().contains(option)) {
                    int before = errors.size();
                    errors.check(() -> add(args, option, e.getValue().text(), scenario, e.getKey()));
                    if (errors.size() == before) {
                        add(printed, option, e.getValue().text(), scenario, e.getKey());
                    }
                }
            }
            loadFlags.forEach((key, text) -> {
                OptionSpec option = path.option(key);
                if (option != null && command.options().contains(option)) {
                    add(printed, option, text, scenario, key);
                }
            });
        }
        errors.throwIfAny();
        return new ScenarioArgs(scenario, path, args, printed, load);
    }

    private static List<String> union(java.util.Set<String> a, java.util.Set<String> b) {
        List<String> all = new ArrayList<>(a);
        b.stream().filter(k -> !a.contains(k)).forEach(all::add);
        return all;
    }

    /** The workload's arguments, for picocli to parse once. */
    List<String> args() {
        return args;
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
    void inject(ParseResult parsed) {
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

    /** picocli's message, by the key and line of the option it names (its conversion errors carry no option). */
    BenchException translated(ParameterException e) {
        Matcher named = OPTION_IN_MESSAGE.matcher(e.getMessage());
        for (Map.Entry<String, Scenario.Value> v : scenario.flags().entrySet()) {
            OptionSpec option = path.option(v.getKey());
            if (option != null && (option.equals(e.getArgSpec()) || named.find(0) && List.of(option.names()).contains(named.group(1)))) {
                String m = e.getMessage().replaceFirst("^Invalid value for option '[^']*': ", "");
                return new BenchException(scenario.where(v.getKey(), v.getValue().line()) + " " + m);
            }
        }
        return new BenchException(scenario.file() + ": " + e.getMessage());
    }

    /** @return null, so that {@link InputErrors.Collector#check} can take it */
    private static Void add(List<String> args, OptionSpec option, String value, Scenario scenario, String key) {
        if (option.arity().max() == 0) {
            if (!value.equals("true") && !value.equals("false")) {
                Scenario.Value v = scenario.flags().get(key);
                throw new BenchException(scenario.where(key, v == null ? 0 : v.line()) + " must be true or false, got '" + value + "'");
            }
            if (value.equals("true")) {
                args.add(option.longestName());
            }
            return null;
        }
        args.add(option.longestName());
        args.add(value);
        return null;
    }
}
