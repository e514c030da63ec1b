package dev.bench.cli.scenario;

import dev.bench.cli.workload.SubcommandChoice;
import dev.bench.core.BenchException;
import dev.bench.core.run.WorkloadType;
import dev.bench.workloads.Workloads;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The command a scenario runs, root first: the workload's, and the subcommand its command has it choose
 * ({@link SubcommandChoice}: vote's backend, oltp-rw's and tpcc's step); and its options by the keys a file
 * gives them ({@code articles} is {@code --articles}).
 */
record WorkloadPath(List<CommandSpec> commands) {

    /** @throws BenchException {@code FILE: key: message} for a workload or subcommand the tool doesn't have */
    static WorkloadPath of(Scenario s, CommandLine root) {
        List<String> workloads = Workloads.all().stream().map(WorkloadType::name).toList();
        if (!workloads.contains(s.workload())) {
            throw new BenchException(s.file() + ": workload: no workload '" + s.workload() + "': " + String.join(", ", workloads));
        }
        CommandLine workload = root.getSubcommands().get(s.workload());
        SubcommandChoice choice = workload.getCommandSpec().userObject().getClass().getAnnotation(SubcommandChoice.class);
        for (String key : s.subcommand().keySet()) {
            if (choice == null || !choice.key().equals(key)) {
                throw new BenchException(s.file() + ": " + key + ": " + s.workload() + " has no " + key);
            }
        }
        if (choice == null) {
            return new WorkloadPath(List.of(workload.getCommandSpec()));
        }
        String key = choice.key();
        String names = String.join(", ", workload.getSubcommands().keySet());
        String sub = s.subcommand().getOrDefault(key, choice.otherwise());
        if (sub.isEmpty()) {
            throw new BenchException(s.file() + ":1: " + key + ": missing; " + s.workload() + " needs its " + key + ": " + names);
        }
        CommandLine next = workload.getSubcommands().get(sub);
        if (next == null || next.getCommandSpec().userObject() instanceof CommandLine.HelpCommand) {
            throw new BenchException(s.file() + ": " + key + ": " + s.workload() + " has no '" + sub + "': " + names);
        }
        return new WorkloadPath(List.of(workload.getCommandSpec(), next.getCommandSpec()));
    }

    /** The same path in another command line of the same commands (a fresh one, for the run). */
    WorkloadPath in(CommandLine root) {
        CommandLine c = root;
        List<CommandSpec> same = new ArrayList<>();
        for (CommandSpec command : commands) {
            c = c.getSubcommands().get(command.name());
            same.add(c.getCommandSpec());
        }
        return new WorkloadPath(List.copyOf(same));
    }

    /** The commands' names, as typed: {@code [vote, memory]}. */
    String[] names() {
        return commands.stream().map(CommandSpec::name).toArray(String[]::new);
    }

    /**
     * Options given after the file: {@code --key value}, {@code --key=value}, or {@code --flag} (an option
     * that takes no value), by key.
     */
    Map<String, String> overrides(List<String> tokens) {
        Map<String, String> values = new LinkedHashMap<>();
        for (int i = 0; i < tokens.size(); i++) {
            String token = tokens.get(i);
            int eq = token.indexOf('=');
            String name = eq > 0 ? token.substring(0, eq) : token;
            String key = name.replaceFirst("^--?", "");
            OptionSpec option = name.startsWith("-") ? option(key) : null;
            if (option == null) {
                throw new BenchException("'" + token + "' is not an option of " + name() + " (see bench "
                        + name() + " --help)");
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
    OptionSpec option(String key) {
        for (int i = commands.size() - 1; i >= 0; i--) {
            OptionSpec o = commands.get(i).findOption("--" + key);
            if (o == null) {
                o = commands.get(i).findOption("-" + key);
            }
            if (o != null) {
                return o;
            }
        }
        return null;
    }

    /** The workload's warmup option's key: vote's and pgbench's {@code warmup}, sysbench's {@code warmup-time}. */
    String warmupKey() {
        return option("warmup") != null ? "warmup" : "warmup-time";
    }

    /** As typed: {@code vote postgres}. */
    String name() {
        return String.join(" ", commands.stream().map(CommandSpec::name).toList());
    }
}
