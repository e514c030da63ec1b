package dev.bench.core.settings;

import dev.bench.core.BenchException;

import java.time.Duration;

/**
 * The checks settings values make on themselves, each throwing one {@link BenchException} line that
 * starts with the setting's name as the user spelled it ({@link SettingNames}).
 */
public final class Require {

    /** The longest duration a setting may give: a year, far below where nanosecond arithmetic overflows. */
    public static final long MAX_SECONDS = 366L * 24 * 3600;
    /** The highest rate a setting may give, ops/s: a thousand times what one machine's engine sustains. */
    public static final double MAX_RATE = 1e9;

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

    /** An offered rate in ops/s: 0 (closed loop) up to {@link #MAX_RATE}. */
    public static double rate(String name, double opsPerSec) {
        that(opsPerSec >= 0 && opsPerSec <= MAX_RATE, name + " must be 0.." + (long) MAX_RATE + " per second, got " + opsPerSec);
        return opsPerSec;
    }

    /** A duration given in (fractional) seconds: 0 up to {@link #MAX_SECONDS} (NaN and infinity refused). */
    public static Duration seconds(String name, double seconds) {
        that(seconds >= 0 && seconds <= MAX_SECONDS, name + " must be a number of seconds >= 0, got " + seconds
                + (seconds > MAX_SECONDS ? " (at most " + MAX_SECONDS + ", a year)" : ""));
        return Duration.ofNanos(Math.round(seconds * 1e9));
    }
}
