package dev.bench.workloads.sysbench;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

/** Per-thread counts, and as they stood at each checkpoint's moment however late the report reads them. */
class ThreadFairnessTest {

    @Test
    void aCheckpointReadLateCountsOnlyTheEventsThatEndedBeforeIt() {
        ThreadFairness f = new ThreadFairness(3);
        f.cutAt(new long[] {1_000, 2_000});
        f.record(0, 500, 100);
        f.record(0, 1_500, 200); // worker 0 passes the first cut
        f.record(1, 900, 300); // worker 1 has not passed it: it counts what it has
        f.record(0, 2_500, 400); // and the second
        assertArrayEquals(new double[] {1, 1, 0}, f.at(0)[0]);
        assertArrayEquals(new double[] {100e-9, 300e-9, 0}, f.at(0)[1]);
        assertArrayEquals(new double[] {2, 1, 0}, f.at(1)[0]);
        assertArrayEquals(new double[] {3, 1, 0}, f.events());
        assertArrayEquals(new double[] {700e-9, 300e-9, 0}, f.seconds());
    }

    @Test
    void anEventPastSeveralCutsAtOnceKeepsTheSameCountsForEach() {
        ThreadFairness f = new ThreadFairness(1);
        f.cutAt(new long[] {1_000, 1_000, 3_000});
        f.record(0, 10, 5);
        f.record(0, 5_000, 7);
        for (int cut = 0; cut < 3; cut++) {
            assertArrayEquals(new double[] {1}, f.at(cut)[0]);
        }
        assertArrayEquals(new double[] {2}, f.at(3)[0], "no such cut: what it has now");
    }
}
