package dev.bench.core.settings;

import dev.bench.core.BenchException;

import java.time.Duration;

/**
 * The checks settings values make on themselves, each throwing one {@link BenchException} line that
 * starts with the setting's name as the user spelled it ({@link SettingNames}).
 */
public final class Require {

    private Require() {
    }

    public static void that(boolean ok, String message) {
        if (!ok) {
            throw new BenchException(message);
        }
    }

    public static long atLeast(String name, long value, long min) {
        that(value >= min, name + " must be >= " + min + ", got " + value);
        return value;
    }

    public static long between(String name, long value, long min, long max) {
        that(value >= min && value <= max, name + " must be " + min + ".." + max + ", got " + value);
        return value;
    }

    /** A finite number >= 0 (NaN and infinity refused). */
    public static double notNegative(String name, double value) {
        that(value >= 0 && !Double.isInfinite(value), name + " must be >= 0, got " + value);
        return value;
    }

    /** A duration given in (fractional) seconds: finite and >= 0. */
    public static Duration seconds(String name, double seconds) {
        that(seconds >= 0 && !Double.isInfinite(seconds), name + " must be a number of seconds >= 0, got " + seconds);
        return Duration.ofNanos(Math.round(seconds * 1e9));
    }
}
