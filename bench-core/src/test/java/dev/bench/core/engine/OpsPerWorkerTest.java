package dev.bench.core.engine;

import dev.bench.core.Batch;
import dev.bench.core.OpKind;
import dev.bench.core.RunConfig;
import dev.bench.core.Session;
import dev.bench.core.metrics.RunResult;
import dev.bench.core.testing.StubWorkload;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.concurrent.locks.LockSupport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A count per worker (pgbench's -t per client): a fast worker does not take a slow one's share. */
class OpsPerWorkerTest {

    /** Worker 0 answers at once; the others take 2 ms a call. Each session counts its calls. */
    static final class UnevenWorkers extends StubWorkload {
        final AtomicLongArray calls = new AtomicLongArray(3);

        UnevenWorkers() {
            super(List.of(new OpKind("op", 1, 1)), 0);
        }

        @Override
        public Session openSession(int worker) {
            return (Batch batch) -> {
                calls.incrementAndGet(worker);
                if (worker > 0) {
                    LockSupport.parkNanos(2_000_000);
                }
            };
        }
    }

    @Test
    void everyWorkerTakesExactlyItsCount() {
        for (double rate : new double[] {0, 2000}) {
            UnevenWorkers w = new UnevenWorkers();
            RunConfig config = RunConfig.builder().threads(3).targetOpsPerSec(rate).opsPerWorker(50)
                    .duration(Duration.ZERO).build();
            RunResult r = Engine.run(w, config, List.of());

            assertTrue(r.completedAsPlanned(), r.stopReason());
            assertEquals(150, config.maxOps(), "the phase's count is the workers' counts together");
            assertEquals(150, r.completedTotal());
            for (int i = 0; i < 3; i++) {
                assertEquals(50, w.calls.get(i), "rate " + rate + ", worker " + i);
            }
        }
    }
}
