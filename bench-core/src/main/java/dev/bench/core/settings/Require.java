package dev.bench.core.settings;

import dev.bench.core.BenchException;
import dev.bench.core.Schedule;

import java.time.Duration;

/**
 * The checks settings values make on themselves, each throwing one {@link BenchException} line that
 * starts with the setting's name as the user spelled it ({@link SettingNames}).
 */
public final class Require {

    /** The longest duration a setting may give: a year, far below where nanosecond arithmetic overflows. */
    public static final long MAX_SECONDS = Schedule.MAX_SECONDS;
    /** The highest rate a setting may give, ops/s: a thousand times what one machine's engine sustains. */
    public static final double MAX_RATE = Schedule.MAX_RATE;
    /** An offered rate: 0 (closed loop) up to {@link #MAX_RATE}. */
    public static final Range RATE = Range.of(0, MAX_RATE, "ops/s");
    /** An offered rate where 0 would offer nothing: above 0 up to {@link #MAX_RATE}. */
    public static final Range POSITIVE_RATE = Range.aboveZero(MAX_RATE, "ops/s");
    /** A duration in seconds: 0 up to {@link #MAX_SECONDS}. */
    public static final Range SECONDS = Range.of(0, MAX_SECONDS, "s");
    /** A duration that must pass some time: above 0 up to {@link #MAX_SECONDS}. */
    public static final Range POSITIVE_SECONDS = Range.aboveZero(MAX_SECONDS, "s");

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

    /** An offered rate in ops/s: {@link #RATE}. */
    public static double rate(String name, double opsPerSec) {
        return RATE.check(name, opsPerSec);
    }

    /** A duration given in (fractional) seconds: {@link #SECONDS} (NaN and infinity refused). */
    public static Duration seconds(String name, double seconds) {
        return seconds(name, seconds, SECONDS);
    }

    /** A duration given in (fractional) seconds within {@code range}, e.g. {@link #POSITIVE_SECONDS}. */
    public static Duration seconds(String name, double seconds, Range range) {
        range.check(name, seconds);
        return Duration.ofNanos(Math.round(seconds * 1e9));
    }
}
