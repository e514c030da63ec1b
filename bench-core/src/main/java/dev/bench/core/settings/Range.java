package dev.bench.core.settings;

import dev.bench.core.BenchException;

import java.util.Locale;

/**
 * The numbers a setting may take, which both checks a value and words the message from the same bounds,
 * so a message never names a range its check doesn't apply ({@code must be 0..1000000000} while 0 is
 * refused). Immutable.
 *
 * <pre>{@code
 * Range.aboveZero(Require.MAX_RATE, "ops/s").check("--target", 0);
 * // --target must be > 0 and at most 1000000000 ops/s, got 0
 * }</pre>
 *
 * @param min         the lowest value, or the bound every value is above when {@code minIncluded} is false
 * @param minIncluded whether {@code min} itself is allowed
 * @param max         the highest value allowed
 * @param unit        what the numbers count, for the message ({@code ops/s}, {@code s})
 */
public record Range(double min, boolean minIncluded, double max, String unit) {

    /** {@code min..max}, both allowed. */
    public static Range of(double min, double max, String unit) {
        return new Range(min, true, max, unit);
    }

    /** Above 0 (0 refused) up to {@code max}. */
    public static Range aboveZero(double max, String unit) {
        return new Range(0, false, max, unit);
    }

    /** Whether {@code value} is in range; NaN never is. */
    public boolean contains(double value) {
        return (minIncluded ? value >= min : value > min) && value <= max;
    }

    /**
     * @return {@code value}
     * @throws BenchException {@code NAME must be RANGE, got VALUE}
     */
    public double check(String name, double value) {
        if (!contains(value)) {
            throw new BenchException(name + " must be " + this + ", got " + number(value));
        }
        return value;
    }

    /** As the message says it: {@code 0..1000000000 ops/s} or {@code > 0 and at most 31622400 s}. */
    @Override
    public String toString() {
        return (minIncluded ? number(min) + ".." + number(max) : "> " + number(min) + " and at most " + number(max)) + " " + unit;
    }

    static String number(double v) {
        return v == Math.rint(v) && Math.abs(v) < 1e15 ? Long.toString((long) v) : String.format(Locale.ROOT, "%s", v);
    }
}
