package dev.bench.cli.oltp;

import dev.bench.core.BenchException;

import java.util.Locale;

/**
 * sysbench's boolean option values: on/off, true/false, yes/no, 1/0. (Options hold the text and are
 * parsed here: picocli's own boolean handling ignores a default of "off".)
 */
final class OnOff {

    private OnOff() {
    }

    static boolean parse(String option, String value) {
        return switch (value.toLowerCase(Locale.ROOT)) {
            case "on", "true", "yes", "1" -> true;
            case "off", "false", "no", "0" -> false;
            default -> throw new BenchException(option + " must be on or off, got '" + value + "'");
        };
    }
}
