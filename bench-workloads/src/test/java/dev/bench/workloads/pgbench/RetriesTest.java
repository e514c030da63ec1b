package dev.bench.workloads.pgbench;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class RetriesTest {

    private static final long MS = 1_000_000L;

    @Test
    void maxTriesCountsEveryTryAndZeroHasNoLimit() {
        Retries three = new Retries(3, 0, 0);
        assertTrue(three.another(1, 0, 0, 10 * MS));
        assertTrue(three.another(2, 0, 0, 10 * MS));
        assertFalse(three.another(3, 0, 0, 10 * MS), "the third try was the last");
        assertTrue(new Retries(0, 0, 60_000 * MS).another(1_000, 0, 0, 10 * MS), "--max-tries 0: no limit on tries");
    }

    @Test
    void theLatencyLimitCountsFromTheScheduledStartWhateverTheTries() {
        Retries limited = new Retries(0, 50 * MS, 0);
        assertTrue(limited.another(7, 100 * MS, 0, 150 * MS), "exactly the limit: one more");
        assertFalse(limited.another(1, 100 * MS, 0, 151 * MS));
        assertFalse(new Retries(10, 50 * MS, 0).another(1, 100 * MS, 0, 151 * MS), "-L binds under --max-tries too");
    }

    @Test
    void noTryAfterTheRunsEnd() {
        Retries tenSeconds = new Retries(0, 0, 10_000 * MS);
        long start = 5_000 * MS;
        assertTrue(tenSeconds.another(4, start, start, start + 9_999 * MS));
        assertFalse(tenSeconds.another(4, start, start, start + 10_000 * MS));
        assertTrue(tenSeconds.another(4, start, Long.MIN_VALUE, Long.MAX_VALUE / 2), "no window known: no end to check");
    }

    @Test
    void describesTheTryAsPgbenchsVerboseErrorsDo() {
        assertEquals("(try 2/3)", new Retries(3, 0, 0).describe(2, 0, 5 * MS));
        assertEquals("(try 4)", new Retries(0, 0, 10_000 * MS).describe(4, 0, 5 * MS));
        assertEquals("(try 2, 41.250% of the maximum time of tries was used)", new Retries(0, 80 * MS, 0).describe(2, 0, 33 * MS));
    }
}
