package dev.bench.workloads.tpcc;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Rows gained against commits told: exact with nothing in doubt, the commits in doubt the only slack, fewer is lost. */
class TpccWritesTest {

    private static final TpccWrites.Rows BEFORE = new TpccWrites.Rows(30000, 30000);

    private static TpccWrites told(long newOrders, long newOrdersInDoubt, long payments, long paymentsInDoubt) {
        TpccWrites w = new TpccWrites();
        w.newOrders.add(newOrders);
        w.newOrdersInDoubt.add(newOrdersInDoubt);
        w.payments.add(payments);
        w.paymentsInDoubt.add(paymentsInDoubt);
        return w;
    }

    @Test
    void everyCommitIsOneRowNoMoreNoFewer() {
        TpccWrites w = told(10, 0, 20, 0);

        assertTrue(w.verdict(BEFORE, new TpccWrites.Rows(30010, 30020)).ok());
        assertFalse(w.verdict(BEFORE, new TpccWrites.Rows(30011, 30020)).ok());
        assertEquals("orders +10 rows, new orders acknowledged 10; history +20 rows, payments acknowledged 20",
                w.verdict(BEFORE, new TpccWrites.Rows(30010, 30020)).detail());
    }

    @Test
    void commitsInDoubtMayOrMayNotBeThere() {
        TpccWrites w = told(10, 2, 20, 1);

        assertTrue(w.verdict(BEFORE, new TpccWrites.Rows(30010, 30020)).ok());
        assertTrue(w.verdict(BEFORE, new TpccWrites.Rows(30012, 30021)).ok());
        assertFalse(w.verdict(BEFORE, new TpccWrites.Rows(30013, 30021)).ok());
    }

    @Test
    void fewerRowsThanAcknowledgedCommitsAreLostWrites() {
        TpccWrites.Verdict v = told(10, 1, 20, 0).verdict(BEFORE, new TpccWrites.Rows(30007, 30015));

        assertFalse(v.ok());
        assertEquals("lost 8 acknowledged writes (3 new orders, 5 payments): orders +7 rows, new orders acknowledged 10"
                + " (+ up to 1 in doubt); history +15 rows, payments acknowledged 20", v.detail());
    }
}
