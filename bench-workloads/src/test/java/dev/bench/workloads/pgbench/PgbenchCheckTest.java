package dev.bench.workloads.pgbench;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The invariant's arithmetic, with no server: each way a run can break it is caught. */
class PgbenchCheckTest {

    @Test
    void aConsistentTpcbRunPasses() {
        assertTrue(new PgbenchCheck(new Balances(-50, -50, -50, -50, 10), true, true, 10, 0).result().ok());
    }

    @Test
    void inDoubtTransactionsMayOrMayNotHaveApplied() {
        assertTrue(new PgbenchCheck(new Balances(7, 7, 7, 7, 11), true, true, 10, 2).result().ok());
        assertFalse(new PgbenchCheck(new Balances(7, 7, 7, 7, 13), true, true, 10, 2).result().ok());
    }

    @Test
    void aLostHistoryRowOrDeltaFails() {
        assertFalse(new PgbenchCheck(new Balances(-50, -50, -50, -50, 9), true, true, 10, 0).result().ok());
        assertFalse(new PgbenchCheck(new Balances(-50, -50, -50, -49, 10), true, true, 10, 0).result().ok());
    }

    @Test
    void tellersAndBranchesMustMoveTogetherAndWithAccountsWhenOnlyTpcbRan() {
        assertFalse(new PgbenchCheck(new Balances(-50, -40, -50, -50, 10), true, true, 10, 0).result().ok());
        assertFalse(new PgbenchCheck(new Balances(-50, -40, -40, -50, 10), true, true, 10, 0).result().ok());
        assertTrue(new PgbenchCheck(new Balances(-50, -40, -40, -50, 10), false, true, 10, 0).result().ok());
    }

    @Test
    void simpleUpdateAloneLeavesTellersAlone() {
        assertTrue(new PgbenchCheck(new Balances(30, 0, 0, 30, 4), false, false, 4, 0).result().ok());
        assertFalse(new PgbenchCheck(new Balances(30, 5, 5, 30, 4), false, false, 4, 0).result().ok());
    }
}
