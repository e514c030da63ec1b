package dev.bench.cli;

import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** 'bench generate-completion' prints the bash/zsh script, and it names every command, option and enum value. */
class CompletionTest {

    @Test
    void theScriptCoversEveryCommandOptionAndEnumValue() {
        CliRunner generated = CliRunner.run("generate-completion");
        assertEquals(0, generated.exitCode(), generated.err());
        String script = generated.out();
        assertTrue(script.contains("complete -F _complete_bench"), "a bash completion function for bench");

        List<String> missing = new ArrayList<>();
        int checked = 0;
        for (CommandLine cli : allCommands(BenchMain.commandLine())) {
            CommandSpec spec = cli.getCommandSpec();
            checked++;
            if (!script.contains(spec.name())) {
                missing.add("command " + spec.qualifiedName());
            }
            for (OptionSpec option : spec.options()) {
                for (String name : option.names()) {
                    if (!option.hidden() && !script.contains(name)) {
                        missing.add(spec.qualifiedName() + " " + name);
                    }
                }
                if (option.completionCandidates() != null) {
                    for (String value : option.completionCandidates()) {
                        if (!script.contains(value)) {
                            missing.add(spec.qualifiedName() + " " + option.longestName() + " value " + value);
                        }
                    }
                }
            }
        }
        assertTrue(checked > 20, "walked the whole command tree: " + checked);
        assertEquals(List.of(), missing);
    }

    private static List<CommandLine> allCommands(CommandLine root) {
        List<CommandLine> all = new ArrayList<>(List.of(root));
        for (CommandLine sub : root.getSubcommands().values()) {
            all.addAll(allCommands(sub));
        }
        return all;
    }
}
