package dev.bench.workloads.sysbench;

import dev.bench.core.BenchException;

import java.util.Locale;

/**
 * sysbench's boolean option values: on/off, true/false, yes/no, 1/0. (Options hold the text and are
 * parsed here: picocli's own boolean handling ignores a default of "off".)
 */
public final class OnOff {

    private OnOff() {
    }

    /** @param name the option or key, as the user spelled it, for the error */
    public static boolean parse(String name, String value) {
        return switch (value == null ? "" : value.trim().toLowerCase(Locale.ROOT)) {
            case "on", "true", "yes", "1" -> true;
            case "off", "false", "no", "0" -> false;
            default -> throw new BenchException(name + " must be on or off, got '" + value + "'");
        };
    }
}
