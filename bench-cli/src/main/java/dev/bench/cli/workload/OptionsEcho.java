package dev.bench.cli.workload;

import dev.bench.core.Secrets;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

import java.util.LinkedHashMap;
import java.util.Map;

/** The options a run was given, for summary.json: every option's value, secrets masked. */
final class OptionsEcho {

    private OptionsEcho() {
    }

    static Map<String, Object> of(CommandSpec... commands) {
        Map<String, Object> echo = new LinkedHashMap<>();
        for (CommandSpec command : commands) {
            for (OptionSpec option : command.options()) {
                if (option.usageHelp() || option.versionHelp()) {
                    continue;
                }
                String name = option.longestName().replaceFirst("^-+", "");
                Object value = option.getValue();
                if (value != null && Secrets.isSecretName(name)) {
                    value = Secrets.MASK;
                } else if (value instanceof String s) {
                    value = Secrets.maskUrl(s); // a URL's password, wherever it was given
                } else if (value != null && !(value instanceof Number || value instanceof Boolean)) {
                    value = value.toString();
                }
                echo.put(name, value);
            }
        }
        return echo;
    }
}
