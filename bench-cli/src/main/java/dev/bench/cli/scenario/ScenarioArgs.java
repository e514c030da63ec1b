package dev.bench.cli.scenario;

import dev.bench.cli.workload.WorkloadCommand;
import dev.bench.cli.workload.WorkloadRequest;
import dev.bench.cli.workload.WorkloadRun;
import dev.bench.core.BenchException;
import dev.bench.core.run.WorkloadType;
import dev.bench.core.settings.SettingNames;
import dev.bench.workloads.Workloads;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.ParseResult;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A scenario as the command line it stands for ({@code vote --articles 1000 ... memory}), checked the way
 * that command checks it, before anything connects, with every message naming the file's key and line:
 * the keys against the command's options, the values by picocli's conversion and the workload's own
 * checks ({@link WorkloadType#plan} with {@link Scenario#names}).
 */
final class ScenarioArgs {

    private static final Pattern OPTION_IN_MESSAGE = Pattern.compile("option '(-[^']+)'");

    private final Scenario scenario;
    /** The command and its subcommand (vote's backend, oltp-rw's step), root first. */
    private final List<CommandSpec> path;
    private final List<String> args;
    private final Scenario.Load load;

    private ScenarioArgs(Scenario scenario, List<CommandSpec> path, List<String> args, Scenario.Load load) {
        this.scenario = scenario;
        this.path = path;
        this.args = args;
        this.load = load;
    }

    /**
     * @param root       the bench command line (its workload commands)
     * @param overrides  command-line options given after the file, which win over it
     * @throws BenchException {@code FILE:LINE: key: message}
     */
    static ScenarioArgs of(Scenario file, CommandLine root, List<String> overrides) {
        List<CommandSpec> path = path(file, root);
        Scenario scenario = file.withOverrides(overrides(file, path, overrides));
        Scenario.Load load = scenario.load();
        Map<String, String> flags = new LinkedHashMap<>();
        scenario.flags().forEach((k, v) -> flags.put(k, v.text()));
        if (load != null) {
            for (String key : new String[] {"schedule", warmupKey(path), "mix"}) {
                Scenario.Value given = scenario.flags().get(key);
                if (given != null && (!key.equals("mix") || load.mix() != null)) {
                    throw new BenchException(scenario.where(key, given.line()) + " the phases set it; leave it out");
                }
            }
            flags.put("schedule", load.schedule());
            if (load.mix() != null) {
                flags.put("mix", load.mix());
            }
            if (load.warmupSeconds() > 0) {
                flags.put(warmupKey(path), Double.toString(load.warmupSeconds()));
            }
        }
        List<String> args = new ArrayList<>();
        for (int level = 0; level < path.size(); level++) {
            CommandSpec command = path.get(level);
            args.add(command.name());
            for (Map.Entry<String, String> e : flags.entrySet()) {
                OptionSpec option = option(path, e.getKey());
                if (option == null) {
                    Scenario.Value v = scenario.flags().get(e.getKey());
                    throw new BenchException(scenario.where(e.getKey(), v == null ? 0 : v.line()) + " unknown for "
                            + commandName(path) + " (see bench " + commandName(path) + " --help)");
                }
                if (command.options().contains(option)) {
                    add(args, option, e.getValue(), scenario, e.getKey());
                }
            }
        }
        return new ScenarioArgs(scenario, path, args, load);
    }

    List<String> args() {
        return args;
    }

    Scenario scenario() {
        return scenario;
    }

    /**
     * Parses the command line as the real run will, then plans the workload with the file's names for
     * its settings, so a bad value is reported by its key and line before anything connects.
     */
    void check(CommandLine fresh) {
        ParseResult parsed;
        try {
            parsed = fresh.parseArgs(args.toArray(String[]::new));
        } catch (ParameterException e) {
            throw translated(e);
        }
        while (parsed.hasSubcommand()) {
            parsed = parsed.subcommand();
        }
        if (parsed.commandSpec().userObject() instanceof WorkloadCommand command) {
            WorkloadRequest<?> request;
            try {
                request = command.request();
            } catch (ParameterException e) {
                return; // not a request on its own (tao's load step before its run): its run checks it, by flag names
            }
            plan(request, scenario.names(load, warmupKey(path)));
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
    private BenchException translated(ParameterException e) {
        Matcher named = OPTION_IN_MESSAGE.matcher(e.getMessage());
        for (Map.Entry<String, Scenario.Value> v : scenario.flags().entrySet()) {
            OptionSpec option = option(path, v.getKey());
            if (option != null && (option.equals(e.getArgSpec()) || named.find(0) && List.of(option.names()).contains(named.group(1)))) {
                String m = e.getMessage().replaceFirst("^Invalid value for option '[^']*': ", "");
                return new BenchException(scenario.where(v.getKey(), v.getValue().line()) + " " + m);
            }
        }
        return new BenchException(scenario.file() + ": " + e.getMessage());
    }

    private static void add(List<String> args, OptionSpec option, String value, Scenario scenario, String key) {
        if (option.arity().max() == 0) {
            if (!value.equals("true") && !value.equals("false")) {
                Scenario.Value v = scenario.flags().get(key);
                throw new BenchException(scenario.where(key, v == null ? 0 : v.line()) + " must be true or false, got '" + value + "'");
            }
            if (value.equals("true")) {
                args.add(option.longestName());
            }
            return;
        }
        args.add(option.longestName());
        args.add(value);
    }

    /** The workload's command, and vote's backend or oltp-rw's and tpcc's step. */
    private static List<CommandSpec> path(Scenario s, CommandLine root) {
        List<String> workloads = Workloads.all().stream().map(WorkloadType::name).toList();
        if (!workloads.contains(s.workload())) {
            throw new BenchException(s.file() + ": workload: no workload '" + s.workload() + "': " + String.join(", ", workloads));
        }
        CommandLine workload = root.getSubcommands().get(s.workload());
        List<CommandSpec> path = new ArrayList<>(List.of(workload.getCommandSpec()));
        String sub = switch (s.workload()) {
            case "vote" -> require(s, s.backend(), "backend", "vote needs its backend: " + String.join(", ", workload.getSubcommands().keySet()));
            case "oltp-rw", "tpcc" -> s.step() == null ? "run" : s.step();
            default -> null;
        };
        if (s.workload().equals("vote") != (s.backend() != null) || sub == null && s.step() != null) {
            String key = s.backend() != null ? "backend" : "step";
            throw new BenchException(s.file() + ": " + key + ": " + s.workload() + " has no " + key);
        }
        if (sub != null) {
            CommandLine next = workload.getSubcommands().get(sub);
            if (next == null || next.getCommandSpec().userObject() instanceof CommandLine.HelpCommand) {
                throw new BenchException(s.file() + ": " + (s.backend() != null ? "backend" : "step") + ": " + s.workload()
                        + " has no '" + sub + "': " + String.join(", ", workload.getSubcommands().keySet()));
            }
            path.add(next.getCommandSpec());
        }
        return path;
    }

    private static String require(Scenario s, String value, String key, String message) {
        if (value == null) {
            throw new BenchException(s.file() + ":1: " + key + ": missing; " + message);
        }
        return value;
    }

    /** {@code --key value}, {@code --key=value}, or {@code --flag} (an option that takes no value). */
    private static Map<String, String> overrides(Scenario s, List<CommandSpec> path, List<String> tokens) {
        Map<String, String> values = new LinkedHashMap<>();
        for (int i = 0; i < tokens.size(); i++) {
            String token = tokens.get(i);
            int eq = token.indexOf('=');
            String name = eq > 0 ? token.substring(0, eq) : token;
            String key = name.replaceFirst("^--?", "");
            OptionSpec option = name.startsWith("-") ? option(path, key) : null;
            if (option == null) {
                throw new BenchException("'" + token + "' is not an option of " + commandName(path) + " (see bench "
                        + commandName(path) + " --help)");
            }
            if (eq > 0) {
                values.put(key, token.substring(eq + 1));
            } else if (option.arity().max() == 0) {
                values.put(key, "true");
            } else if (i + 1 < tokens.size()) {
                values.put(key, tokens.get(++i));
            } else {
                throw new BenchException(name + " needs a value");
            }
        }
        return values;
    }

    /** The option a key names, deepest command first: {@code articles} is {@code --articles}, {@code db} TAOBench's {@code -db}. */
    private static OptionSpec option(List<CommandSpec> path, String key) {
        for (int i = path.size() - 1; i >= 0; i--) {
            OptionSpec o = path.get(i).findOption("--" + key);
            if (o == null) {
                o = path.get(i).findOption("-" + key);
            }
            if (o != null) {
                return o;
            }
        }
        return null;
    }

    private static String warmupKey(List<CommandSpec> path) {
        return option(path, "warmup") != null ? "warmup" : "warmup-time";
    }

    private static String commandName(List<CommandSpec> path) {
        return String.join(" ", path.stream().map(CommandSpec::name).toList());
    }
}
