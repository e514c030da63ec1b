package dev.bench.core.engine;

import dev.bench.core.Arrivals;
import dev.bench.core.Batch;
import dev.bench.core.OpKind;
import dev.bench.core.Schedule;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The ops offered but never taken, counted from the schedule's integral in closed form, against the
 * same seed's arrivals walked one by one: exact for uniform arrivals (up to one op per kind at each
 * edge), within the Poisson noise for Poisson ones, through holds, ramps and a pause.
 */
class ArrivalCountTest {

    private static final List<OpKind> KINDS = List.of(new OpKind("write", 1, 1), new OpKind("read", 19, 1));
    private static final Schedule SCHEDULE = Schedule.parse("--schedule", "2s:1000,3s:1000..30000,1s:0,2s:5000");
    private static final long SECOND = 1_000_000_000L;
    private static final long LONG_AGO = System.nanoTime() - 1_000_000_000_000L;
    private static final long WINDOW_START = LONG_AGO + 1_500_000_000L;
    private static final long STOP = LONG_AGO + 7_300_000_000L;

    private static OpenLoopDispatcher dispatcher(Arrivals arrivals, long maxOps) {
        return new OpenLoopDispatcher(KINDS, SCHEDULE, arrivals, 11, LONG_AGO, WINDOW_START, LONG_AGO + 8 * SECOND, maxOps);
    }

    /** The arrivals in [window start, stop) per kind, walked one by one. */
    private static long[] walked(Arrivals arrivals) {
        OpenLoopDispatcher d = dispatcher(arrivals, 0);
        Batch batch = new Batch(11, 1);
        long[] counts = new long[KINDS.size()];
        while (d.claim(batch) && batch.intendedNanos(0) < STOP) {
            if (batch.intendedNanos(0) >= WINDOW_START) {
                counts[batch.kind()]++;
            }
        }
        return counts;
    }

    /** The same, with the first {@code claims} ops taken and the rest counted in closed form. */
    private static long[] counted(Arrivals arrivals, int claims) {
        OpenLoopDispatcher d = dispatcher(arrivals, 0);
        Batch batch = new Batch(11, 1);
        for (int i = 0; i < claims; i++) {
            assertTrue(d.claim(batch));
        }
        return d.generatedInWindow(STOP);
    }

    @Test
    void uniformArrivalsNeverTakenAreCountedExactly() {
        long[] walked = walked(Arrivals.UNIFORM);
        for (int claims : new int[] {0, 700, 5_000, 45_000}) {
            long[] counted = counted(Arrivals.UNIFORM, claims);
            for (int k = 0; k < KINDS.size(); k++) {
                assertEquals(walked[k], counted[k], 2, KINDS.get(k).name() + " after " + claims + " claims");
            }
        }
    }

    @Test
    void poissonArrivalsNeverTakenAreCountedWithinTheirNoise() {
        long[] walked = walked(Arrivals.POISSON);
        for (int claims : new int[] {0, 5_000, 45_000}) {
            long[] counted = counted(Arrivals.POISSON, claims);
            for (int k = 0; k < KINDS.size(); k++) {
                assertEquals(walked[k], counted[k], 4.5 * Math.sqrt(walked[k]) + 1, KINDS.get(k).name());
            }
        }
    }

    @Test
    void anOpCountCapsTheOpsNeverTakenInProportion() {
        long[] counted = dispatcher(Arrivals.UNIFORM, 1_000).generatedInWindow(STOP);
        assertEquals(1_000, counted[0] + counted[1]);
        assertEquals(50, counted[0], 1, "write's share, 1 in 20");
    }

    @Test
    void theQueueIsTheWalkedBacklogAtAnyLength() {
        OpenLoopDispatcher d = dispatcher(Arrivals.UNIFORM, 0);
        Batch batch = new Batch(11, 1);
        long total = 0;
        while (d.claim(batch)) {
            total++;
        }
        assertEquals(total, dispatcher(Arrivals.UNIFORM, 0).waitingOps(System.nanoTime()), 2,
                "every op of the schedule is due, and none was taken");
    }
}
