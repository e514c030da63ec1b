package dev.bench.cli.sysbench;

import dev.bench.core.BenchException;
import dev.bench.workloads.sysbench.OnOff;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * sysbench 1.0.20's command line as it reads it: {@code --name=value} or {@code --name} (= on) anywhere,
 * before or after the test name and the command; the last of a name wins; {@code -} and {@code _} in a
 * name are the same. Everything else is positional: the test, then the command.
 */
final class SysbenchArgs {

    private final Map<String, String> options = new LinkedHashMap<>();
    private final List<String> positionals = new ArrayList<>();

    private SysbenchArgs() {
    }

    static SysbenchArgs parse(List<String> argv) {
        SysbenchArgs a = new SysbenchArgs();
        for (String arg : argv) {
            if (arg.startsWith("--") && arg.length() > 2) {
                String body = arg.substring(2);
                int eq = body.indexOf('=');
                String name = (eq < 0 ? body : body.substring(0, eq)).replace('_', '-');
                a.options.remove(name); // the last one wins, and is the last in order
                a.options.put(name, eq < 0 ? "on" : body.substring(eq + 1));
            } else {
                a.positionals.add(arg);
            }
        }
        return a;
    }

    List<String> positionals() {
        return positionals;
    }

    /** The options given, by their dashed names, in the order of their last occurrence. */
    Map<String, String> options() {
        return options;
    }

    boolean has(String name) {
        return options.containsKey(name);
    }

    /** The value of the first of {@code names} given (an option and its deprecated aliases), else {@code fallback}. */
    String text(String fallback, String... names) {
        for (String n : names) {
            if (options.containsKey(n)) {
                return options.get(n);
            }
        }
        return fallback;
    }

    boolean flag(String name, boolean fallback) {
        return has(name) ? OnOff.parse("--" + name, options.get(name)) : fallback;
    }

    int integer(String name, int fallback, String... aliases) {
        return (int) number(name, fallback, aliases);
    }

    long number(String name, long fallback, String... aliases) {
        return parsed(Long::parseLong, name, fallback, aliases);
    }

    double decimal(String name, double fallback, String... aliases) {
        return parsed(Double::parseDouble, name, fallback, aliases);
    }

    /** The option's value through {@code parse}, or {@code fallback} when neither it nor an alias is given. */
    private <T> T parsed(Function<String, T> parse, String name, T fallback, String... aliases) {
        String v = text(null, concat(name, aliases));
        if (v == null) {
            return fallback;
        }
        try {
            return parse.apply(v.trim());
        } catch (NumberFormatException e) {
            throw new BenchException("Invalid value for --" + name + ": '" + v + "'");
        }
    }

    private static String[] concat(String name, String... aliases) {
        String[] all = new String[aliases.length + 1];
        all[0] = name;
        System.arraycopy(aliases, 0, all, 1, aliases.length);
        return all;
    }
}
