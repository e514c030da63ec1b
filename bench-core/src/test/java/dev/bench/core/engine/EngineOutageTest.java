package dev.bench.core.engine;

import dev.bench.core.ErrorKind;
import dev.bench.core.OpKind;
import dev.bench.core.RunConfig;
import dev.bench.core.Session;
import dev.bench.core.Workload;
import dev.bench.core.metrics.Outage;
import dev.bench.core.metrics.RunResult;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.locks.LockSupport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The unavailability window the engine measures, against a backend that is down for a known stretch
 * (every call and every connect fails, as a stopped primary's do) or stalls for a known time.
 */
class EngineOutageTest {

    private static final RunConfig TWO_SECONDS = RunConfig.builder().threads(4).targetOpsPerSec(2000)
            .warmup(Duration.ZERO).duration(Duration.ofSeconds(2)).reconnectTimeout(Duration.ofSeconds(5)).build();

    /** Kinds "write" and "read" (read-only); down while {@link #down}, each write call stalls {@link #stallNanos} while set. */
    private static final class Switchable implements Workload {
        volatile boolean down;
        volatile boolean readsOnlyDown;
        volatile long stallNanos;

        @Override
        public List<OpKind> kinds() {
            return List.of(new OpKind("write", 1, 1), new OpKind("read", 1, 1));
        }

        @Override
        public boolean isReadOnly(OpKind kind) {
            return kind.name().equals("read");
        }

        @Override
        public Session openSession(int workerIndex) throws IOException {
            if (down) {
                throw new IOException("connection refused");
            }
            return batch -> {
                boolean read = batch.kind() == 1;
                if (down) {
                    throw new IOException("connection reset");
                }
                if (read && readsOnlyDown) {
                    throw new IllegalStateException("syntax error");
                }
                long stall = stallNanos;
                if (!read && stall > 0) {
                    stallNanos = 0;
                    LockSupport.parkNanos(stall);
                }
            };
        }

        @Override
        public ErrorKind classify(Exception e) {
            return e instanceof IOException ? ErrorKind.CONNECTION : ErrorKind.FAILED;
        }
    }

    /**
     * Down from 0.8 s to 1.3 s: one window, starting within a few ms of the switch (an op every 0.5 ms)
     * and ending within the reconnect backoff (at most 100 ms) after the switch back.
     */
    @Test
    void aDownStretchIsOneWindowFromItsFirstFailureToTheFirstWriteAfter() throws Exception {
        Switchable backend = new Switchable();
        long[] switchedEpochMs = new long[2];
        Thread switcher = new Thread(() -> {
            LockSupport.parkNanos(820_000_000L); // the window starts 20 ms after Engine.run is called
            switchedEpochMs[0] = System.currentTimeMillis();
            backend.down = true;
            LockSupport.parkNanos(500_000_000L);
            switchedEpochMs[1] = System.currentTimeMillis();
            backend.down = false;
        });
        switcher.start();
        RunResult r = Engine.run(backend, TWO_SECONDS, List.of());
        switcher.join();

        assertEquals(1, r.outages().size(), r.outages().toString());
        Outage o = r.outages().get(0);
        long startEpochMs = r.info().startEpochMillis() + o.startNanos() / 1_000_000;
        long endEpochMs = r.info().startEpochMillis() + o.endNanos() / 1_000_000;
        assertEquals(switchedEpochMs[0], startEpochMs, 30, "the window starts at the first failure");
        assertTrue(endEpochMs >= switchedEpochMs[1] - 5 && endEpochMs <= switchedEpochMs[1] + 150,
                "it ends at the first write after the server is back: " + (endEpochMs - switchedEpochMs[1]) + " ms after");
        assertTrue(o.inDoubtOps() >= 1, "the calls cut off are in doubt: " + o);
        assertEquals(0, r.kind("write").outcomes().failed(), "reconnecting until it is back, no write was given up");
        assertEquals(0, o.failedOps());
    }

    /** A read's failure that is not a lost connection (a query error) says nothing about writes. */
    @Test
    void readsFailingAloneOpenNoWindow() {
        Switchable backend = new Switchable();
        backend.readsOnlyDown = true;
        RunResult r = Engine.run(backend, RunConfig.builder().threads(2).targetOpsPerSec(500)
                .warmup(Duration.ZERO).duration(Duration.ofMillis(500)).build(), List.of());

        assertTrue(r.kind("read").outcomes().failed() > 0, "reads failed");
        assertEquals(List.of(), r.outages());
    }

    /** One write stalls 1.2 s: the window is that write's call, from its send to its acknowledgement. */
    @Test
    void aStalledWriteIsAWindowAsLongAsItsCall() {
        Switchable backend = new Switchable();
        backend.stallNanos = 1_200_000_000L;
        RunResult r = Engine.run(backend, RunConfig.builder().threads(2).targetOpsPerSec(200)
                .warmup(Duration.ZERO).duration(Duration.ofMillis(1500)).build(), List.of());

        assertEquals(1, r.outages().size(), r.outages().toString());
        Outage o = r.outages().get(0);
        assertEquals(1.2, (o.endNanos() - o.startNanos()) / 1e9, 0.05);
        assertEquals(0, o.failedOps());
    }
}
