package dev.bench.workloads.voter;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Managed mode's admission: slots, a bounded queue, a queue timeout; refusals say which. */
class SlotGateTest {

    @Test
    void aFullQueueRefusesAtOnceAndAWaiterGetsTheNextFreeSlot() throws Exception {
        SlotGate gate = new SlotGate(2, 1, Duration.ofSeconds(5));
        gate.acquire();
        gate.acquire();
        assertEquals(2, gate.inFlight());
        CompletableFuture<Void> waiter = CompletableFuture.runAsync(() -> {
            try {
                gate.acquire();
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        while (gate.waiting() == 0) {
            Thread.onSpinWait();
        }
        long start = System.nanoTime();
        SlotGate.Refused full = assertThrows(SlotGate.Refused.class, gate::acquire);
        assertEquals(SlotGate.Refused.Reason.QUEUE_FULL, full.reason());
        assertTrue(System.nanoTime() - start < 100_000_000L, "a full queue refuses without waiting");
        gate.release();
        waiter.get(2, TimeUnit.SECONDS);
        assertEquals(2, gate.inFlight());
        assertEquals(0, gate.waiting());
    }

    @Test
    void aWaiterIsRefusedAfterTheQueueTimeout() throws Exception {
        SlotGate gate = new SlotGate(1, 10, Duration.ofMillis(150));
        gate.acquire();
        long start = System.nanoTime();
        SlotGate.Refused timeout = assertThrows(SlotGate.Refused.class, gate::acquire);
        long waitedMs = (System.nanoTime() - start) / 1_000_000;
        assertEquals(SlotGate.Refused.Reason.QUEUE_TIMEOUT, timeout.reason());
        assertTrue(waitedMs >= 150 && waitedMs < 1_000, "waited " + waitedMs + " ms, want the 150 ms timeout");
        assertEquals(0, gate.waiting());
        assertEquals(1, gate.inFlight());
    }
}
