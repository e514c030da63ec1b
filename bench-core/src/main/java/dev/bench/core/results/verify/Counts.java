package dev.bench.core.results.verify;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.stream.LongStream;

/**
 * Counts read and added exactly: a long that wraps can bring four made-up rows of 2^62 ops back to the
 * right total, so every sum here throws {@link ArithmeticException} past 2^63-1, and a JSON count too
 * large for a long, or not a whole number, is refused rather than truncated. {@link ResultsVerifier}
 * turns the exception into a broken invariant.
 */
final class Counts {

    private Counts() {
    }

    /** The count at {@code n}; 0 when absent or not a number (as {@link JsonNode#asLong()} reads it). */
    static long of(JsonNode n) {
        return of(n, 0);
    }

    /** The count at {@code n}, or {@code absent} when it is missing or not a number. */
    static long of(JsonNode n, long absent) {
        if (!n.isNumber()) {
            return n.isTextual() ? n.asLong(absent) : absent;
        }
        if (n.isIntegralNumber() ? !n.canConvertToLong()
                : n.doubleValue() != Math.rint(n.doubleValue()) || Math.abs(n.doubleValue()) >= 0x1p63) {
            throw new ArithmeticException("summary.json count " + n.asText() + " is not a whole number within a long");
        }
        return n.longValue();
    }

    static long sum(LongStream counts) {
        return counts.reduce(0, Math::addExact);
    }
}
