package dev.bench.workloads.pgbench;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

/** When a cold start is worth a line: with -R far behind early, not late; closed loop, far slower early. */
class ColdStartHintTest {

    /** One interval a second, with these worst latencies in ms. */
    private static List<double[]> seconds(double... worstMs) {
        List<double[]> intervals = new ArrayList<>();
        for (int i = 0; i < worstMs.length; i++) {
            intervals.add(new double[] {i, i + 1, worstMs[i], 1000});
        }
        return intervals;
    }

    /** One interval a second, with these ops completed. */
    private static List<double[]> rates(double... ops) {
        List<double[]> intervals = new ArrayList<>();
        for (int i = 0; i < ops.length; i++) {
            intervals.add(new double[] {i, i + 1, 1, ops[i]});
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

    @Test
    void aClosedLoopsSlowStartIsNamedWithBothRates() {
        String line = ColdStartHint.slowStart(rates(30_000, 43_000, 48_000, 48_000, 63_000, 69_000, 71_000, 71_000, 71_000, 71_000,
                71_000, 71_000));
        assertEquals("bench: the run's first 5 s made 46,400 transactions a second, 65% of its second half's 71,000: a cold JVM"
                + " compiling the client's code (or a server warming its caches); --warmup 5 leaves them out of the figures", line);
    }

    @Test
    void aClosedLoopNearItsLaterRateFromTheStartSaysNothing() {
        assertNull(ColdStartHint.slowStart(rates(62_000, 66_000, 69_000, 70_000, 70_000, 71_000, 71_000, 71_000, 71_000, 71_000)));
    }

    @Test
    void aClosedLoopTooShortOrWithNothingLateSaysNothing() {
        assertNull(ColdStartHint.slowStart(rates(10_000, 40_000, 70_000, 70_000, 70_000, 70_000, 70_000, 70_000)));
        assertNull(ColdStartHint.slowStart(rates(10_000, 40_000, 70_000, 70_000, 70_000, 0, 0, 0, 0, 0, 0, 0)));
        assertNull(ColdStartHint.slowStart(List.of()));
    }

    @Test
    void aPartialLastIntervalCountsByItsLength() {
        List<double[]> intervals = rates(40_000, 40_000, 40_000, 40_000, 40_000, 50_000, 50_000, 50_000, 50_000, 50_000);
        intervals.add(new double[] {10, 10.1, 1, 5_000}); // 50,000 a second too
        String line = ColdStartHint.slowStart(intervals); // as a whole second the tenth would make the late rate 42,500
        assertEquals(true, line.contains("made 40,000 transactions a second, 80% of its second half's 50,000"), line);
    }
}
