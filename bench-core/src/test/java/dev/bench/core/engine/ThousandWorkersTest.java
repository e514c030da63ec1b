package dev.bench.core.engine;

import dev.bench.core.Batch;
import dev.bench.core.OpKind;
import dev.bench.core.RunConfig;
import dev.bench.core.Session;
import dev.bench.core.Workload;
import dev.bench.core.metrics.IntervalListener;
import dev.bench.core.metrics.IntervalSnapshot;
import dev.bench.core.metrics.KindStats;
import dev.bench.core.metrics.RunResult;
import org.junit.jupiter.api.Test;

import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.LongAdder;
import java.util.concurrent.locks.LockSupport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * TAOBench's largest experiment: 1024 closed-loop workers over 13 op kinds, against a backend that
 * answers every call after a fixed 40 ms wait (parked, so 1024 of them fit on two cores). Every op is
 * counted, the service time comes back as 40 ms, and the heap the run holds stays small: with a
 * recorder set per worker (four recorders per kind, ~1.2 MB per worker and kind at these latencies) this
 * run would need ~15 GB (computed from HdrHistogram footprints).
 */
class ThousandWorkersTest {

    private static final int WORKERS = 1024;
    private static final int KINDS = 13;
    private static final long SERVICE_NANOS = 40_000_000;
    private static final long HEAP_LIMIT_BYTES = 200L << 20;

    @Test
    void thousandWorkersThirteenKindsFitInASmallHeap() {
        List<OpKind> kinds = new ArrayList<>();
        for (int k = 0; k < KINDS; k++) {
            kinds.add(new OpKind("kind" + k, 1 + k, 1));
        }
        LongAdder executed = new LongAdder();
        Workload sleeper = new Workload() {
            @Override
            public List<OpKind> kinds() {
                return kinds;
            }

            @Override
            public Session openSession(int workerIndex) {
                return (Batch batch) -> {
                    LockSupport.parkNanos(SERVICE_NANOS);
                    executed.increment();
                };
            }
        };
        HeapProbe heap = new HeapProbe();
        long before = heap.usedAfterGc();

        RunResult r = Engine.run(sleeper, RunConfig.builder().threads(WORKERS).targetOpsPerSec(0)
                .warmup(Duration.ofMillis(500)).duration(Duration.ofMillis(2500))
                .reportInterval(Duration.ofSeconds(1)).build(), List.of(heap));

        long completed = r.completedTotal();
        // 1024 workers x 2.5 s / 40 ms = 64,000 ops if nothing else took time; allow for the shared CPUs and the GCs the probe forces
        assertTrue(completed > 5_000, "completed " + completed);
        assertTrue(completed <= executed.sum(), "completed " + completed + " > executed " + executed.sum());
        assertEquals(r.generatedTotal(), completed, "every claimed op in the window is recorded once");
        for (KindStats k : r.kinds()) {
            assertTrue(k.completed() > 0, k.name() + " recorded nothing");
        }
        long p50 = r.kind("kind12").service().getValueAtPercentile(50);
        assertTrue(p50 >= SERVICE_NANOS && p50 < 2 * SERVICE_NANOS, "service p50 " + p50 + " ns");
        long grown = heap.maxUsed - before;
        assertTrue(grown < HEAP_LIMIT_BYTES, "heap held during the run grew by " + (grown >> 20) + " MB");
        System.out.printf("1024 workers x 13 kinds: %d ops, heap during run %d MB over %d MB before%n",
                completed, grown >> 20, before >> 20);
    }

    /** Heap in use after a full GC at each measured interval: what the run really holds. */
    private static final class HeapProbe implements IntervalListener {
        long maxUsed;

        long usedAfterGc() {
            System.gc();
            return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
        }

        @Override
        public void onInterval(IntervalSnapshot interval) {
            if (!interval.warmup()) {
                maxUsed = Math.max(maxUsed, usedAfterGc());
            }
        }
    }
}
