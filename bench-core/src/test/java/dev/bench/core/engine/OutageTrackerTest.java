package dev.bench.core.engine;

import dev.bench.core.metrics.Outage;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The window rule on made-up times (ms as ns for readability): kind 0 writes, kind 1 only reads. */
class OutageTrackerTest {

    private static final int WRITE = 0;
    private static final int READ = 1;

    private final OutageTracker tracker = new OutageTracker(new boolean[] {true, false}, 0);

    @Test
    void aCommitAlreadyOnItsWayDoesNotCloseTheWindowButTheFirstWriteSentAfterDoes() {
        tracker.failed(WRITE, 95, 100, 4, true, false);
        tracker.acknowledged(WRITE, 90, 105); // sent before the primary went away
        tracker.failed(WRITE, 110, 120, 2, true, true);
        tracker.acknowledged(WRITE, 150, 160);

        assertEquals(List.of(new Outage(100, 160, 2, 6)), tracker.outages());
    }

    /**
     * What a failover looked like when every worker's read met the dead primary first: they reconnected
     * before writing, so no write failed; the lost connections open the window, and count no write.
     */
    @Test
    void aReadThatLostItsConnectionOpensTheWindowWithNothingInDoubt() {
        tracker.failed(READ, 95, 100, 8, true, false);
        tracker.acknowledged(READ, 150, 155);
        tracker.acknowledged(WRITE, 150, 160);

        assertEquals(List.of(new Outage(100, 160, 0, 0)), tracker.outages());
    }

    @Test
    void aCallThatHungThroughAClosedWindowCountsInItAndOpensNoOther() {
        tracker.failed(WRITE, 95, 100, 1, true, false);
        tracker.acknowledged(WRITE, 150, 160);
        tracker.failed(WRITE, 90, 2_000_000_000L, 3, true, true); // sent at 90, failed 2 s later

        assertEquals(List.of(new Outage(100, 160, 3, 4)), tracker.outages());
    }

    /** voter's managed mode refuses calls when its slots are full: failed, but the server is there. */
    @Test
    void aFailureThatIsNotALostConnectionOpensNoWindowButCountsInsideOne() {
        tracker.failed(WRITE, 95, 100, 1, false, true);
        assertEquals(List.of(), tracker.outages());

        tracker.failed(WRITE, 195, 200, 2, true, false);
        tracker.failed(WRITE, 205, 210, 1, false, true);
        tracker.acknowledged(WRITE, 250, 260);
        assertEquals(List.of(new Outage(200, 260, 1, 2)), tracker.outages());
    }

    /** Stalls on an overloaded machine overlap: one window, not one per stalled write. */
    @Test
    void stallsThatOverlapAreOneWindow() {
        long s = 1_000_000_000L;
        tracker.acknowledged(WRITE, 0, 2 * s);
        tracker.acknowledged(WRITE, s, 3 * s);
        tracker.acknowledged(WRITE, s, s + 10); // closes nothing: the window closed at 2 s and this was sent inside it

        assertEquals(List.of(new Outage(0, 3 * s, 0, 0)), tracker.outages());
    }

    @Test
    void aWindowNoWriteClosedIsStillOpenAtTheEnd() {
        tracker.failed(WRITE, 95, 100, 1, true, true);

        assertEquals(List.of(new Outage(100, -1, 1, 1)), tracker.outages());
    }

    @Test
    void withoutWriteKindsReadsCloseTheWindow() {
        OutageTracker readOnly = new OutageTracker(new boolean[] {false}, 0);
        readOnly.failed(0, 95, 100, 1, true, false);
        readOnly.acknowledged(0, 120, 130);

        assertEquals(List.of(new Outage(100, 130, 0, 0)), readOnly.outages());
    }

    /** A read on a replica's own pool that lost its connection: the standby went away, not the primary. */
    @Test
    void aReplicaReadThatLostItsConnectionOpensNoWindow() {
        OutageTracker onReplicas = new OutageTracker(new boolean[] {true, false}, new boolean[] {false, true}, 0);
        onReplicas.failed(1, 95, 100, 1, true, false);
        onReplicas.acknowledged(0, 120, 130);

        assertEquals(List.of(), onReplicas.outages());
    }
}
