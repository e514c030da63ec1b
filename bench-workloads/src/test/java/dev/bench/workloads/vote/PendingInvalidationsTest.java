package dev.bench.workloads.vote;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The retry queue of hybrid's failed invalidations, with two flushers forced into one interleaving by latches. */
class PendingInvalidationsTest {

    private static final long ARTICLE = 7;
    private static final long OTHER = 5;
    private static final long WAIT_S = 10;

    private final PendingInvalidations pending = new PendingInvalidations();
    /** Every invalidation sent, in order, by either flusher. */
    private final List<Long> sent = Collections.synchronizedList(new ArrayList<>());

    /**
     * A and B both take article 7's entry and send its invalidation; then a later write of 7 fails to
     * invalidate and queues 7 again. A removes the first entry and goes on to 5; B removes "7". Removed by
     * value, B's removal took the later entry and its invalidation never went out: the cache kept a stale row.
     */
    @Test
    void aLaterEntryOfTheSameArticleIsInvalidatedAfterItWasQueued() throws Exception {
        pending.add(ARTICLE);
        pending.add(OTHER);
        CountDownLatch aOnFirst = new CountDownLatch(1);
        CountDownLatch bOnFirst = new CountDownLatch(1);
        CountDownLatch aOnOther = new CountDownLatch(1);
        CountDownLatch releaseA = new CountDownLatch(1);
        CountDownLatch releaseAOnOther = new CountDownLatch(1);
        CountDownLatch releaseB = new CountDownLatch(1);
        ExecutorService flushers = Executors.newFixedThreadPool(2);
        try {
            Future<?> a = flushers.submit(() -> {
                pending.flush(id -> {
                    sent.add(id);
                    if (id == ARTICLE && aOnFirst.getCount() > 0) {
                        aOnFirst.countDown();
                        await(releaseA);
                    } else if (id == OTHER) {
                        aOnOther.countDown();
                        await(releaseAOnOther);
                    }
                });
                return null;
            });
            await(aOnFirst);
            Future<?> b = flushers.submit(() -> {
                pending.flush(id -> {
                    sent.add(id);
                    if (bOnFirst.getCount() > 0) {
                        bOnFirst.countDown();
                        await(releaseB);
                    }
                });
                return null;
            });
            await(bOnFirst);
            assertEquals(List.of(ARTICLE, ARTICLE), sent, "both flushers sent the first entry's invalidation");

            int queuedAt = sent.size();
            pending.add(ARTICLE); // a later write whose invalidation failed: none sent for it yet
            releaseA.countDown();
            await(aOnOther);       // A removed its entry and is on 5
            releaseB.countDown();
            b.get(WAIT_S, TimeUnit.SECONDS);
            releaseAOnOther.countDown();
            a.get(WAIT_S, TimeUnit.SECONDS);

            assertTrue(sent.subList(queuedAt, sent.size()).contains(ARTICLE),
                    "article 7 invalidated after its second failure was queued; sent: " + sent);
            assertTrue(pending.isEmpty());
        } finally {
            flushers.shutdownNow();
            assertTrue(flushers.awaitTermination(WAIT_S, TimeUnit.SECONDS));
        }
    }

    @Test
    void aFailedInvalidationStaysQueuedAndTheFlushThrows() throws Exception {
        pending.add(ARTICLE);
        IllegalStateException down = new IllegalStateException("memcached down");
        assertThrows(IllegalStateException.class, () -> pending.flush(id -> {
            throw down;
        }));
        assertFalse(pending.isEmpty());
        pending.flush(sent::add);
        assertEquals(List.of(ARTICLE), sent);
        assertTrue(pending.isEmpty());
    }

    private static void await(CountDownLatch latch) throws InterruptedException {
        if (!latch.await(WAIT_S, TimeUnit.SECONDS)) {
            throw new IllegalStateException("the interleaving did not happen in " + WAIT_S + " s");
        }
    }
}
