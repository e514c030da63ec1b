package dev.bench.cli.pgbench;

import dev.bench.core.BenchException;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * pgbench's option values, read and checked as pgbench 15 reads them, with its messages: integers
 * (option_parse_int: {@code invalid value "x" for option -c/--clients}, {@code ... must be in range a..b}),
 * rates and limits read as C's atof does (a non-number is 0, then refused by the option's own check).
 */
final class PgbenchOptionValues {

    private PgbenchOptionValues() {
    }

    /** The integer given, else {@code absent}; {@code name} as pgbench spells it, e.g. {@code -c/--clients}. */
    static int integer(String given, int absent, String name, int min, int max) {
        if (given == null) {
            return absent;
        }
        long value;
        try {
            value = Long.parseLong(given.trim());
        } catch (NumberFormatException e) {
            throw new BenchException("invalid value \"" + given + "\" for option " + name);
        }
        if (value < min || value > max) {
            throw new BenchException(name + " must be in range " + min + ".." + max);
        }
        return (int) value;
    }

    /** A number above 0 (-R, -L), else pgbench's message for the option, e.g. {@code invalid rate limit}. */
    static double positive(String given, String what) {
        if (given == null) {
            return 0;
        }
        double value = atof(given);
        if (!(value > 0)) {
            throw new BenchException(what + ": \"" + given + "\"");
        }
        return value;
    }

    /** --sampling-rate: in (0, 1]. */
    static double samplingRate(String given) {
        if (given == null) {
            return 1.0;
        }
        double value = atof(given);
        if (!(value > 0) || value > 1) {
            throw new BenchException("invalid sampling rate: \"" + given + "\"");
        }
        return value;
    }

    /** --max-tries: 0 (no limit) or more. */
    static int maxTries(String given, int absent) {
        if (given == null) {
            return absent;
        }
        long value = (long) atof(given);
        if (value < 0 || value > Integer.MAX_VALUE) {
            throw new BenchException("invalid number of maximum tries: \"" + given + "\"");
        }
        return (int) value;
    }

    /** -D NAME=VALUE, in the order given (a later one wins, as in pgbench). */
    static Map<String, String> definitions(List<String> given) {
        Map<String, String> m = new LinkedHashMap<>();
        for (String d : given) {
            int eq = d.indexOf('=');
            if (eq < 0) {
                throw new BenchException("invalid variable definition: \"" + d + "\"");
            }
            m.put(d.substring(0, eq), d.substring(eq + 1));
        }
        return m;
    }

    /** C's atof: the longest leading number, 0 when there is none. */
    private static double atof(String s) {
        String t = s.trim();
        for (int end = t.length(); end > 0; end--) {
            try {
                return Double.parseDouble(t.substring(0, end));
            } catch (NumberFormatException e) {
                // shorter
            }
        }
        return 0;
    }

    /** pgbench's words for what getopt does not know: an unknown option, or a second DBNAME. */
    static void refuseUnmatched(List<String> unmatched) {
        for (String arg : unmatched) {
            if (arg.startsWith("-")) {
                throw new BenchException("unrecognized option '" + arg + "'");
            }
        }
        if (!unmatched.isEmpty()) {
            throw new BenchException("too many command-line arguments (first is \"" + unmatched.get(0) + "\")");
        }
    }

    /** --random-seed: an integer, or "time" and "rand" (a seed of this moment); null when not given. */
    static Long randomSeed(String given) {
        if (given == null) {
            return null;
        }
        if (given.equals("time") || given.equals("rand")) {
            return System.nanoTime();
        }
        try {
            // sscanf's %lu: up to 2^64 - 1, and a negative number wraps
            return given.startsWith("-") ? Long.parseLong(given) : Long.parseUnsignedLong(given);
        } catch (NumberFormatException e) {
            throw new BenchException("unrecognized random seed option \"" + given + "\": Expecting an unsigned integer,"
                    + " \"time\" or \"rand\"; error while setting random seed from --random-seed option");
        }
    }
}
