package dev.bench.core.engine;

import dev.bench.core.Arrivals;
import dev.bench.core.Batch;
import dev.bench.core.OpKind;
import dev.bench.core.Schedule;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A free worker claims the next arrival before it is due and waits for it outside the dispatcher's lock,
 * so the others can claim the arrivals after it meanwhile; a claim the run's stop cut short goes back to
 * the ops never taken, so the figures count what was offered before the stop, not what was claimed ahead.
 */
class ClaimAheadTest {

    private static final long MILLI = 1_000_000;
    private static final List<OpKind> ONE_KIND = List.of(new OpKind("op", 1, 1));

    /** Uniform arrivals every {@code gapMillis} ms from {@code start}, all measured. */
    private static OpenLoopDispatcher every(long gapMillis, long start) {
        return new OpenLoopDispatcher(ONE_KIND, Schedule.constant(1e3 / gapMillis), Arrivals.UNIFORM, 3,
                start, start, Long.MAX_VALUE / 4, 0);
    }

    /** Claims on a thread of its own: the future completes with the claim's batch, or null when it returned false. */
    private static CompletableFuture<Batch> claimAside(OpenLoopDispatcher d, Thread[] thread) {
        CompletableFuture<Batch> claimed = new CompletableFuture<>();
        thread[0] = new Thread(() -> {
            Batch batch = new Batch(3, 1, Long.MIN_VALUE);
            claimed.complete(d.claim(batch) ? batch : null);
        });
        thread[0].start();
        return claimed;
    }

    private static void awaitParked(Thread t) throws InterruptedException {
        for (int i = 0; i < 1000 && t.getState() != Thread.State.TIMED_WAITING; i++) {
            Thread.sleep(5);
        }
        assertEquals(Thread.State.TIMED_WAITING, t.getState(), "the claimer waits for its op");
    }

    @Test
    void workersWaitingForTheirOpsLeaveTheQueueFreeForTheNextClaims() throws Exception {
        long start = System.nanoTime();
        OpenLoopDispatcher d = every(10_000, start);
        Batch first = new Batch(3, 1, Long.MIN_VALUE);
        assertTrue(d.claim(first), "the first op is due at the start");
        Thread[] waiter = new Thread[1];
        CompletableFuture<Batch> second = claimAside(d, waiter);
        awaitParked(waiter[0]);

        Thread[] next = new Thread[1];
        CompletableFuture<Batch> third = claimAside(d, next); // would queue on the lock while the second waited under it
        awaitParked(next[0]);
        assertArrayEquals(new long[] {3}, d.generatedInWindow(start + 5 * MILLI),
                "the lock is free, so this call returns now; the claims ahead count as handed out");
        assertFalse(second.isDone() || third.isDone(), "both wait for their ops, 10 s and 20 s ahead");

        d.stop();
        assertEquals(null, second.get(30, TimeUnit.SECONDS), "a stop ends the wait");
        assertEquals(null, third.get(30, TimeUnit.SECONDS));
        assertArrayEquals(new long[] {1}, d.generatedInWindow(start + 5 * MILLI),
                "the claims given up were offered after the stop: not counted");
        assertArrayEquals(new long[] {3}, d.generatedInWindow(start + 25_000 * MILLI),
                "offered before this instant, they are counted once each, as ops never taken");
        assertFalse(d.claim(new Batch(3, 1, Long.MIN_VALUE)), "nothing is claimed after the stop");
    }

    @Test
    void eachClaimAheadHoldsTheNextArrivalInOrder() throws Exception {
        long start = System.nanoTime();
        OpenLoopDispatcher d = every(40, start);
        Thread[][] threads = new Thread[3][1];
        List<CompletableFuture<Batch>> claims = List.of(claimAside(d, threads[0]), claimAside(d, threads[1]), claimAside(d, threads[2]));
        long[] intended = new long[3];
        for (int i = 0; i < 3; i++) {
            Batch b = claims.get(i).get(30, TimeUnit.SECONDS);
            intended[i] = b.intendedNanos(0);
            assertTrue(System.nanoTime() >= intended[i], "served no earlier than due");
        }
        java.util.Arrays.sort(intended);
        for (int i = 0; i < 3; i++) {
            assertEquals(start + i * 40 * MILLI, intended[i], 1, "arrival " + i + " held by exactly one claimer");
        }
    }
}
