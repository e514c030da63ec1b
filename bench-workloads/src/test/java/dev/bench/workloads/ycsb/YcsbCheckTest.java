package dev.bench.workloads.ycsb;

import dev.bench.core.memcached.MemcachedStats;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The row check is exact: before + acknowledged + the inserts in doubt found, not one row more or fewer. */
class YcsbCheckTest {

    private static final YcsbCounts.Snapshot TOLD = new YcsbCounts.Snapshot(10, 3, 0, 0);

    @Test
    void rowsAreBeforePlusAcknowledgedPlusInDoubtFound() {
        YcsbCheck check = YcsbCheck.ofRows("usertable", 100, 112, TOLD, 2);

        assertTrue(check.ok(), check.detail());
        assertEquals("usertable holds 112 rows: 100 before + 10 inserts acknowledged + 2 of 3 inserts in doubt found there",
                check.detail());
    }

    @Test
    void oneRowMoreOrFewerIsAMismatchEvenWithinTheInsertsInDoubt() {
        assertFalse(YcsbCheck.ofRows("usertable", 100, 113, TOLD, 2).ok());
        assertFalse(YcsbCheck.ofRows("usertable", 100, 111, TOLD, 2).ok());
        assertTrue(YcsbCheck.ofRows("usertable", 100, 111, TOLD, 2).detail().endsWith(", expected 112"));
    }

    @Test
    void acknowledgedInsertsMissingAreLostAndNamedByKeyTwentyAtMost() {
        java.util.List<String> lost = java.util.stream.IntStream.range(0, 21).mapToObj(i -> "user" + i).toList();
        YcsbCheck check = YcsbCheck.ofRows("usertable", 100, 91, TOLD, 2, lost);

        assertFalse(check.ok());
        assertTrue(check.detail().startsWith("lost 21 acknowledged writes: keys user0, user1, "), check.detail());
        assertTrue(check.detail().contains("user19, ...; usertable holds 91 rows"), check.detail());
        assertFalse(check.detail().contains("user20"), check.detail());
    }

    private static final YcsbCounts.Snapshot LOADED = new YcsbCounts.Snapshot(100000, 0, 0, 0);
    private static final long MB64 = 64L * 1024 * 1024;

    @Test
    void keysMissingWithAtLeastAsManyEvictionsAreNotConfirmedNotAMismatch() {
        YcsbCheck check = YcsbCheck.ofKeys(100000, 11328, LOADED, new MemcachedStats(88672, MB64, 1));

        assertFalse(check.ok());
        assertEquals("NOT CONFIRMED: 11328 of 100000 keys present (loaded and acknowledged inserts); memcached evicted 88672"
                + " items meanwhile (limit 64 MB): missing keys may be evicted, not lost", check.integrity().verdict());
        assertFalse(check.integrity().ok());
    }

    @Test
    void evictionsFewerThanTheKeysMissingStayAMismatch() {
        YcsbCheck check = YcsbCheck.ofKeys(100000, 11328, LOADED, new MemcachedStats(88671, MB64, 1));

        assertEquals("MISMATCH: 11328 of 100000 keys present (loaded and acknowledged inserts); memcached evicted 88671"
                + " items meanwhile (limit 64 MB): fewer than the 88672 keys missing, so some were lost", check.integrity().verdict());
    }

    @Test
    void keysMissingWithoutEvictionsOrStatsAreAMismatch() {
        assertEquals("MISMATCH: 99999 of 100000 keys present (loaded and acknowledged inserts)",
                YcsbCheck.ofKeys(100000, 99999, LOADED, new MemcachedStats(0, MB64, 1)).integrity().verdict());
        assertEquals("MISMATCH: 99999 of 100000 keys present (loaded and acknowledged inserts)",
                YcsbCheck.ofKeys(100000, 99999, LOADED, null).integrity().verdict());
    }

    @Test
    void recordsOnAPoolMemberDownAreLostAcknowledgedWritesNamedByServerEvenWithEvictions() {
        YcsbCheck check = YcsbCheck.ofKeys(3000, 1990, LOADED, new MemcachedStats(5000, MB64, 2), Map.of("127.0.0.1:40001", 1010L));

        assertEquals("MISMATCH: lost 1010 acknowledged writes: the records on 127.0.0.1:40001 (1010), down; 1990 of 1990 keys"
                + " on the live servers present", check.integrity().verdict());
        assertFalse(check.integrity().ok());
    }

    @Test
    void everyKeyPresentIsOkWhateverWasEvicted() {
        assertEquals("ok: 100000 of 100000 keys present (loaded and acknowledged inserts)",
                YcsbCheck.ofKeys(100000, 100000, LOADED, new MemcachedStats(5, MB64, 1)).integrity().verdict());
    }

    @Test
    void aReadOfAWrongValueIsAMismatchEvenWhenKeysMayBeEvicted() {
        YcsbCounts.Snapshot badRead = new YcsbCounts.Snapshot(100000, 0, 10, 1);

        assertTrue(YcsbCheck.ofKeys(100000, 11328, badRead, new MemcachedStats(88672, MB64, 1)).integrity().verdict()
                .startsWith("MISMATCH: "));
    }

    @Test
    void aPoolsEvictionsAreSinceBeforeThePhase() {
        MemcachedStats delta = new MemcachedStats(150, 2 * MB64, 2).since(new MemcachedStats(50, 2 * MB64, 2));

        assertEquals(100, delta.evictions());
        assertEquals("128 MB", delta.limit());
    }
}
