package dev.bench.cli.workload;

import dev.bench.core.Secrets;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

import java.lang.reflect.Array;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
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
                } else {
                    value = value(value);
                }
                echo.put(name, value);
            }
        }
        return echo;
    }

    /**
     * An option's value as JSON takes it: numbers and booleans as they are, an array or a list (a repeatable
     * option, pgbench's -N given twice) as a list of its values, never an array's identity hash ("[Z@49097b5d"),
     * which differs in every process and so between two clients of one run.
     */
    private static Object value(Object value) {
        if (value == null || value instanceof Number || value instanceof Boolean) {
            return value;
        }
        if (value instanceof String s) {
            return Secrets.maskUrl(s); // a URL's password, wherever it was given
        }
        if (value.getClass().isArray()) {
            List<Object> items = new ArrayList<>();
            for (int i = 0; i < Array.getLength(value); i++) {
                items.add(value(Array.get(value, i)));
            }
            return items;
        }
        if (value instanceof Collection<?> c) {
            return c.stream().map(OptionsEcho::value).toList();
        }
        return Secrets.maskUrl(value.toString());
    }
}
