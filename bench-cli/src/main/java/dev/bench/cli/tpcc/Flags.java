package dev.bench.cli.tpcc;

import dev.bench.core.BenchException;

import java.util.Locale;

/** sysbench's boolean option values: 1/0, on/off, true/false, yes/no. */
final class Flags {

    private Flags() {
    }

    static boolean bool(String value, String option) {
        return switch (value == null ? "" : value.trim().toLowerCase(Locale.ROOT)) {
            case "1", "on", "true", "yes" -> true;
            case "0", "off", "false", "no" -> false;
            default -> throw new BenchException(option + " must be 0 or 1 (or on/off), got '" + value + "'");
        };
    }
}
