package dev.bench.core.engine;

import dev.bench.core.Arrivals;
import dev.bench.core.Batch;
import dev.bench.core.OpKind;
import dev.bench.core.Schedule;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The arrivals of a schedule, read straight from the dispatcher (scheduled from long ago, so every op is
 * due at once and the test doesn't wait): each second's count against the schedule's integral over it.
 */
class ScheduledArrivalsTest {

    private static final List<OpKind> KINDS = List.of(new OpKind("write", 1, 1), new OpKind("read", 19, 1));
    /** Up to 100,000 ops/s: holds, ramps up and down, and a step from 1,000 to 50,000. */
    private static final Schedule SCHEDULE = Schedule.parse("--schedule",
            "2s:1000,3s:1000..100000,2s:100000,2s:1000,2s:50000,3s:50000..0,1s:20000");
    private static final long LONG_AGO = System.nanoTime() - 1_000_000_000_000L;

    /** Intended starts per full second of the schedule. */
    private static long[] perSecond(Schedule schedule, Arrivals arrivals, long seed) {
        int seconds = (int) schedule.seconds();
        long end = LONG_AGO + seconds * 1_000_000_000L;
        OpenLoopDispatcher d = new OpenLoopDispatcher(KINDS, schedule, arrivals, seed, LONG_AGO, LONG_AGO, end, 0);
        Batch batch = new Batch(seed, 1);
        long[] counts = new long[seconds];
        while (d.claim(batch)) {
            counts[(int) ((batch.intendedNanos(0) - LONG_AGO) / 1_000_000_000L)]++;
        }
        return counts;
    }

    @Test
    void uniformArrivalsFollowTheScheduleToWithinOneOpPerKindEachSecond() {
        long[] counts = perSecond(SCHEDULE, Arrivals.UNIFORM, 1);
        for (int s = 0; s < counts.length; s++) {
            double expected = SCHEDULE.count(s, s + 1);
            // each kind's stream rounds at the second's two edges: at most one op per kind either way
            assertEquals(expected, counts[s], KINDS.size(), "second " + s);
            assertTrue(Math.abs(counts[s] - expected) <= 0.01 * expected, "second " + s + " within 1 %");
        }
        assertEquals(50_000, counts[9], 2, "the first full second after the step from 1,000 to 50,000");
    }

    /**
     * A Poisson count in a second of mean m has spread √m: 1 % of m is 3.2 spreads at 100,000 ops/s but
     * a third of one at 1,000, so 1 % holds only at high rates; the honest bound is the spread.
     */
    @Test
    void poissonArrivalsFollowTheScheduleWithinTheirOwnSpreadEachSecond() {
        for (long seed = 1; seed <= 3; seed++) {
            long[] counts = perSecond(SCHEDULE, Arrivals.POISSON, seed);
            for (int s = 0; s < counts.length; s++) {
                double expected = SCHEDULE.count(s, s + 1);
                assertEquals(expected, counts[s], 4.5 * Math.sqrt(expected), "seed " + seed + ", second " + s);
            }
            assertEquals(100_000, counts[5], 1_000, "seed " + seed + ": a full second at 100,000 ops/s within 1 %");
            assertEquals(50_000, counts[9], 1_000, "seed " + seed + ": the first second after the step within 2 %");
        }
    }

    @Test
    void theSameSeedGivesTheSameArrivalsThroughARamp() {
        for (Arrivals arrivals : Arrivals.values()) {
            assertArrayEquals(perSecond(SCHEDULE, arrivals, 7), perSecond(SCHEDULE, arrivals, 7), arrivals.name());
        }
        long[] a = perSecond(SCHEDULE, Arrivals.POISSON, 7);
        long[] b = perSecond(SCHEDULE, Arrivals.POISSON, 8);
        assertTrue(!java.util.Arrays.equals(a, b), "another seed gives other arrivals");
    }

    @Test
    void aPauseAtRateZeroOffersNothingAndTheScheduleEndsOnTime() {
        Schedule pause = Schedule.parse("--schedule", "1s:1000,2s:0,1s:1000");
        long[] counts = perSecond(pause, Arrivals.POISSON, 3);
        assertEquals(0, counts[1] + counts[2], "nothing offered during the pause");
        assertTrue(counts[0] > 850 && counts[3] > 850, java.util.Arrays.toString(counts));
    }

    /** The backlog is the distance between the next arrival and now: a minute of overload holds no per-op state. */
    @Test
    void aBacklogOfMillionsOfOpsIsCountedWithoutHoldingThem() {
        Schedule spike = Schedule.parse("--schedule", "60s:100000");
        long start = System.nanoTime() - 61_000_000_000L;
        OpenLoopDispatcher d = new OpenLoopDispatcher(KINDS, spike, Arrivals.POISSON, 5, start, start,
                start + 60_000_000_000L, 0);
        long waiting = d.waitingOps(System.nanoTime());
        assertEquals(6_000_000, waiting, 4.5 * Math.sqrt(6_000_000), "all of the minute's ops wait");
        assertTrue(d.lagNanos(System.nanoTime()) > 60_000_000_000L, "the oldest waits since the start");
    }
}
