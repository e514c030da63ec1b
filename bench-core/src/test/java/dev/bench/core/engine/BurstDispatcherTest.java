package dev.bench.core.engine;

import dev.bench.core.Batch;
import dev.bench.core.Bursts;
import dev.bench.core.OpKind;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentLinkedQueue;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The bursts rhythm against workers whose service time is known: when bursts start, how many ops
 * each has, and that an op's latency counts from its burst's start.
 */
class BurstDispatcherTest {

    private static final long MILLI = 1_000_000;

    /** intended start and completion of one op */
    record Op(long intendedNanos, long doneNanos) {
    }

    /**
     * Burst of 10 on 2 workers at 1 ms each: a burst takes 5 ms to serve. With limit 0 the next burst
     * waits for all of it, then the 5 ms delay (10 ms apart on an idle machine), and the last pair of a
     * burst finishes no sooner than 5 ms after the burst's start, which is what its latency says.
     */
    @Test
    void limitZeroWaitsForTheWholeBurstThenTheDelay() throws Exception {
        List<Op> ops = run(new Bursts(10, Duration.ofMillis(5), 0), 100, 2, MILLI);

        TreeMap<Long, List<Op>> bursts = byBurst(ops);
        assertEquals(10, bursts.size(), "100 ops in bursts of 10");
        bursts.values().forEach(b -> assertEquals(10, b.size()));
        // The next burst starts 5 ms after the last op of this one completed (the worker that completed
        // it reports back a moment later: the median of that moment, so a preempted thread can't decide).
        List<Long> starts = new ArrayList<>(bursts.keySet());
        List<Long> afterLastDone = new ArrayList<>();
        for (int i = 1; i < starts.size(); i++) {
            long lastDone = bursts.get(starts.get(i - 1)).stream().mapToLong(Op::doneNanos).max().orElseThrow();
            afterLastDone.add(starts.get(i) - lastDone);
            assertTrue(starts.get(i) - lastDone >= 5 * MILLI, "a burst started before the previous one was done + 5 ms");
        }
        afterLastDone.sort(null);
        long median = afterLastDone.get(afterLastDone.size() / 2);
        assertTrue(median < 7 * MILLI, "median from last completion to next burst " + median / 1e6 + " ms, want 5 ms");
        for (List<Op> burst : bursts.values()) {
            long slowest = burst.stream().mapToLong(o -> o.doneNanos - o.intendedNanos).max().orElseThrow();
            assertTrue(slowest >= 5 * MILLI, "the last pair of a burst waited for four pairs before it: " + slowest / 1e6 + " ms");
        }
    }

    /** With a limit above the burst size pending never holds a burst back: bursts exactly delay apart. */
    @Test
    void aHighLimitReleasesBurstsEveryDelay() throws Exception {
        List<Op> ops = run(new Bursts(4, Duration.ofMillis(5), 100), 80, 4, 100_000);

        List<Long> starts = new ArrayList<>(byBurst(ops).keySet());
        assertEquals(20, starts.size());
        long gap = medianGap(starts);
        assertTrue(gap >= 5 * MILLI && gap < 5 * MILLI + MILLI / 2, "median burst gap " + gap / 1e6 + " ms, want 5 ms");
    }

    @Test
    void anOpCountThatIsNotAMultipleEndsWithAPartialBurst() throws Exception {
        List<Op> ops = run(new Bursts(10, Duration.ZERO, 0), 25, 3, 0);

        assertEquals(25, ops.size());
        TreeMap<Long, List<Op>> bursts = byBurst(ops);
        assertEquals(List.of(10, 10, 5), bursts.values().stream().map(List::size).toList());
    }

    private static List<Op> run(Bursts bursts, long maxOps, int workers, long serviceNanos) throws Exception {
        long start = System.nanoTime() + 10 * MILLI;
        BurstDispatcher dispatcher = new BurstDispatcher(List.of(new OpKind("op", 1, 1)), bursts, maxOps, 1,
                start, start, start + 10_000 * MILLI, new Pacer(0));
        ConcurrentLinkedQueue<Op> ops = new ConcurrentLinkedQueue<>();
        List<Thread> threads = new ArrayList<>();
        for (int w = 0; w < workers; w++) {
            Thread t = new Thread(() -> {
                Batch batch = new Batch(1, 1);
                while (dispatcher.claim(batch)) {
                    long until = System.nanoTime() + serviceNanos;
                    while (System.nanoTime() < until) {
                        Thread.onSpinWait();
                    }
                    ops.add(new Op(batch.intendedNanos(0), System.nanoTime()));
                }
            });
            t.start();
            threads.add(t);
        }
        for (Thread t : threads) {
            t.join(10_000);
        }
        assertEquals(maxOps, dispatcher.generatedInWindow(Long.MAX_VALUE)[0]);
        return new ArrayList<>(ops);
    }

    private static long medianGap(List<Long> starts) {
        List<Long> gaps = new ArrayList<>();
        for (int i = 1; i < starts.size(); i++) {
            gaps.add(starts.get(i) - starts.get(i - 1));
        }
        gaps.sort(null);
        return gaps.get(gaps.size() / 2);
    }

    private static TreeMap<Long, List<Op>> byBurst(List<Op> ops) {
        TreeMap<Long, List<Op>> bursts = new TreeMap<>();
        for (Op op : ops) {
            bursts.computeIfAbsent(op.intendedNanos, k -> new ArrayList<>()).add(op);
        }
        return bursts;
    }
}
