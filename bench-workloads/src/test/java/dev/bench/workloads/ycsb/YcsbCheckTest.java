package dev.bench.workloads.ycsb;

import org.junit.jupiter.api.Test;

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
}
