package dev.bench.core.settings;

import dev.bench.core.BenchException;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A bound's message and its check come from the same numbers: at each edge of every range the settings
 * use, a value the check refuses is one the message's range excludes, and one it takes the message's
 * range includes (so "--target must be 0..1000000000" can't be printed while 0 is refused).
 */
class RangeTest {

    private static final Pattern SAID = Pattern.compile("must be (?:(\\S+)\\.\\.(\\S+)|> (\\S+) and at most (\\S+)) \\S+, got");

    @Test
    void atEveryEdgeTheMessageSaysWhatTheCheckDoes() {
        for (Range range : List.of(Require.RATE, Require.POSITIVE_RATE, Require.SECONDS, Require.POSITIVE_SECONDS)) {
            String message = assertThrows(BenchException.class, () -> range.check("--x", -1)).getMessage();
            for (double v : new double[] {-1, 0, Double.MIN_VALUE, 1, range.max(), Math.nextUp(range.max()), range.max() + 1}) {
                boolean taken = taken(range, v);
                assertEquals(taken, saidToTake(message, v), range + " at " + v + ": " + message);
                assertEquals(taken, range.contains(v));
            }
        }
    }

    @Test
    void zeroRefusedSaysAboveZero() {
        BenchException e = assertThrows(BenchException.class, () -> Require.POSITIVE_RATE.check("--target", 0));
        assertEquals("--target must be > 0 and at most 1000000000 ops/s, got 0", e.getMessage());
        assertEquals("--runtime must be 0..31622400 s, got -1",
                assertThrows(BenchException.class, () -> Require.seconds("--runtime", -1)).getMessage());
        assertFalse(Require.RATE.contains(Double.NaN), "NaN is in no range");
    }

    private static boolean taken(Range range, double v) {
        try {
            range.check("--x", v);
            return true;
        } catch (BenchException e) {
            return false;
        }
    }

    /** The range the message states, read back from its words. */
    private static boolean saidToTake(String message, double v) {
        Matcher m = SAID.matcher(message);
        assertTrue(m.find(), message);
        return m.group(1) != null
                ? v >= Double.parseDouble(m.group(1)) && v <= Double.parseDouble(m.group(2))
                : v > Double.parseDouble(m.group(3)) && v <= Double.parseDouble(m.group(4));
    }
}
