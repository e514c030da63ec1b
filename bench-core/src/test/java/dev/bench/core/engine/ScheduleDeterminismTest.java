package dev.bench.core.engine;

import dev.bench.core.Arrivals;
import dev.bench.core.Batch;
import dev.bench.core.OpKind;
import dev.bench.core.RunConfig;
import dev.bench.core.Schedule;
import dev.bench.core.random.KeyDistribution;
import dev.bench.core.testing.StubWorkload;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Same seed, same ops and keys: whichever worker serves an op, and whenever. */
class ScheduleDeterminismTest {

    private static final List<OpKind> KINDS = List.of(new OpKind("write", 1, 8), new OpKind("read", 19, 8));
    private static final KeyDistribution KEYS = KeyDistribution.uniform(1_000_000);

    @Test
    void sameSeedGivesTheSameOpsAndKeysAcrossRuns() {
        Map<String, Long> first = run(7, 3);
        Map<String, Long> second = run(7, 2);
        Map<String, Long> otherSeed = run(8, 3);

        assertTrue(first.size() > 1000, "ops seen: " + first.size());
        // Both runs offer about the same number of ops; every op both runs served has the same key.
        int compared = 0;
        for (Map.Entry<String, Long> e : first.entrySet()) {
            Long other = second.get(e.getKey());
            if (other != null) {
                assertEquals(e.getValue(), other, "key of op " + e.getKey());
                compared++;
            }
        }
        assertTrue(compared > 0.9 * first.size(), "compared " + compared + " of " + first.size());
        long differing = first.entrySet().stream()
                .filter(e -> otherSeed.containsKey(e.getKey()) && !otherSeed.get(e.getKey()).equals(e.getValue())).count();
        assertTrue(differing > 0.9 * Math.min(first.size(), otherSeed.size()), "another seed must give other keys");
    }

    @Test
    void sameSeedGivesTheSameArrivalTimes() {
        // Scheduled from long ago, so every op is due at once and the test doesn't wait.
        long start = System.nanoTime() - 1_000_000_000_000L;
        for (Arrivals arrivals : Arrivals.values()) {
            OpenLoopDispatcher a = new OpenLoopDispatcher(KINDS, Schedule.constant(1000), arrivals, 99, start, start, Long.MAX_VALUE, 0);
            OpenLoopDispatcher b = new OpenLoopDispatcher(KINDS, Schedule.constant(1000), arrivals, 99, start, start, Long.MAX_VALUE, 0);
            OpenLoopDispatcher c = new OpenLoopDispatcher(KINDS, Schedule.constant(1000), arrivals, 100, start, start, Long.MAX_VALUE, 0);
            Batch ba = new Batch(99, 1);
            Batch bb = new Batch(99, 1);
            Batch bc = new Batch(100, 1);
            int same = 0;
            for (int i = 0; i < 1000; i++) {
                a.claim(ba);
                b.claim(bb);
                c.claim(bc);
                assertEquals(ba.kind(), bb.kind());
                assertEquals(ba.opIndex(0), bb.opIndex(0));
                assertEquals(ba.intendedNanos(0), bb.intendedNanos(0));
                if (ba.intendedNanos(0) == bc.intendedNanos(0)) {
                    same++;
                }
            }
            if (arrivals == Arrivals.POISSON) {
                assertTrue(same < 10, "another seed must give other arrival times, " + same + " equal");
            }
        }
    }

    @Test
    void poissonGapsHaveTheTargetMeanAndSpread() {
        // Scheduled from long ago, so every op is due at once and the test doesn't wait.
        long longAgo = System.nanoTime() - 1_000_000_000_000L;
        OpenLoopDispatcher d = new OpenLoopDispatcher(List.of(new OpKind("op", 1, 1)), Schedule.constant(1000), Arrivals.POISSON, 5,
                longAgo, longAgo, Long.MAX_VALUE, 0);
        Batch batch = new Batch(5, 1);
        int n = 200_000;
        long last = longAgo;
        double sum = 0;
        double sumSquares = 0;
        for (int i = 0; i < n; i++) {
            d.claim(batch);
            double gap = batch.intendedNanos(0) - last;
            last = batch.intendedNanos(0);
            sum += gap;
            sumSquares += gap * gap;
        }
        double mean = sum / n;
        double sd = Math.sqrt(sumSquares / n - mean * mean);
        assertEquals(1e6, mean, 1e6 * 0.01, "mean gap at 1000 ops/s, ns");
        assertEquals(mean, sd, mean * 0.02, "exponential gaps have sd = mean");
    }

    private static Map<String, Long> run(long seed, int threads) {
        Map<String, Long> keys = new ConcurrentHashMap<>();
        StubWorkload recording = new StubWorkload(KINDS, 0) {
            @Override
            protected void onBatch(Batch batch) {
                for (int i = 0; i < batch.size(); i++) {
                    keys.put(batch.kind() + ":" + batch.opIndex(i), KEYS.next(batch.random(i)));
                }
            }
        };
        Engine.run(recording, RunConfig.builder().threads(threads).targetOpsPerSec(5000).seed(seed)
                .warmup(Duration.ZERO).duration(Duration.ofMillis(500)).build(), List.of());
        assertNotEquals(0, keys.size());
        return keys;
    }
}
