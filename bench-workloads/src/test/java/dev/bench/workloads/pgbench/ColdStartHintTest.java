package dev.bench.workloads.pgbench;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

/** When -R's cold start is worth a line: far behind early, not late. */
class ColdStartHintTest {

    /** One interval a second, with these worst latencies in ms. */
    private static List<double[]> seconds(double... worstMs) {
        List<double[]> intervals = new ArrayList<>();
        for (int i = 0; i < worstMs.length; i++) {
            intervals.add(new double[] {i, i + 1, worstMs[i]});
        }
        return intervals;
    }

    @Test
    void aColdStartThatDrainsIsNamedWithHowLongItLasted() {
        String line = ColdStartHint.hint(seconds(600, 840, 690, 580, 540, 20, 18, 31, 8, 12, 9, 14, 7, 11, 10, 9, 13, 8, 12, 10));
        assertEquals("bench: the run's first 5 s fell behind the schedule (latency up to 840 ms) and its second half did not"
                + " (at most 14.0 ms): a cold JVM, not the server; --warmup 5 leaves that out of the figures", line);
    }

    @Test
    void aLongerOneAsksForALongerWarmup() {
        String line = ColdStartHint.hint(seconds(600, 840, 690, 580, 540, 400, 330, 210, 9, 12, 9, 14, 7, 11, 10, 9, 13, 8, 12, 10));
        assertEquals(true, line.startsWith("bench: the run's first 8 s fell behind"), line);
        assertEquals(true, line.endsWith("--warmup 8 leaves that out of the figures"), line);
    }

    @Test
    void aServerBehindAllRunLongIsNotTheClientsColdStart() {
        assertNull(ColdStartHint.hint(seconds(600, 840, 690, 580, 540, 700, 650, 900, 800, 950, 990, 870)));
    }

    @Test
    void smallEarlyLatenciesNeedNoLine() {
        assertNull(ColdStartHint.hint(seconds(60, 40, 9, 5, 4, 3, 3, 2, 3, 2, 3, 2)));
    }

    @Test
    void aRunTooShortToHaveASecondHalfAfterTheStartSaysNothing() {
        assertNull(ColdStartHint.hint(seconds(600, 840, 690, 5, 4, 3, 2, 3)));
        assertNull(ColdStartHint.hint(List.of()));
    }

    @Test
    void aSecondHalfThatCompletedNothingSaysNothing() {
        assertNull(ColdStartHint.hint(seconds(600, 840, 690, 580, 540, 0, 0, 0, 0, 0, 0, 0)));
    }
}
