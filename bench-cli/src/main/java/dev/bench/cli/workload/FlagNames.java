package dev.bench.cli.workload;

import dev.bench.core.settings.SettingNames;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

import java.util.List;

/**
 * A setting's name as the user typed it on this command line: {@code -db} for TAOBench's spelling,
 * {@code --db} for ours; an option not given is named by its longest name, and a key no option has
 * by {@code --key}.
 */
public final class FlagNames implements SettingNames {

    private final List<CommandSpec> commands;

    private FlagNames(List<CommandSpec> commands) {
        this.commands = commands;
    }

    public static SettingNames of(CommandSpec... commands) {
        return new FlagNames(List.of(commands));
    }

    @Override
    public String of(String key) {
        for (CommandSpec command : commands) {
            OptionSpec option = find(command, key);
            if (option != null) {
                return typed(command, option);
            }
        }
        return FLAGS.of(key);
    }

    private static OptionSpec find(CommandSpec command, String key) {
        OptionSpec option = command.findOption("--" + key);
        return option != null ? option : command.findOption("-" + key);
    }

    private static String typed(CommandSpec command, OptionSpec option) {
        if (command.commandLine() != null && command.commandLine().getParseResult() != null) {
            for (String arg : command.commandLine().getParseResult().originalArgs()) {
                for (String name : option.names()) {
                    if (arg.equals(name) || arg.startsWith(name + "=")) {
                        return name;
                    }
                }
            }
        }
        return option.longestName();
    }
}
