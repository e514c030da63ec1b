package dev.bench.core.metrics;

import dev.bench.core.Batch;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The collection that closes the warmup runs after the measured window has begun; what it finds of
 * the window must reach the measured intervals (and so the latency log), not vanish with the warmup
 * row, so that measured intervals add up exactly to the totals.
 */
class LatencyCollectorTest {

    @Test
    void measuredOpsSeenByTheLastWarmupCollectionGoToTheFirstMeasuredInterval() {
        KindRecorder recorder = new KindRecorder(false);
        KindCounters counters = new KindCounters();
        LatencyCollector collector = new LatencyCollector(List.of("read"), new KindRecorder[][] {{recorder}},
                new KindCounters[] {counters});

        recorder.record(1_000, 500, Batch.WARMUP, false);     // a warmup op
        recorder.record(2_000, 700, Batch.MEASURED, false);      // intended just after the window's start, done before the collection
        recorder.record(3_000, 800, Batch.MEASURED, false);
        counters.failed(1);
        IntervalSnapshot warmup = collector.collect(-1_000_000, 0, true, 0);
        assertEquals(1, warmup.completed(), "the warmup row shows warmup ops only");
        assertEquals(0, warmup.kinds().get(0).outcomes().failed());

        recorder.record(4_000, 900, Batch.MEASURED, false);
        IntervalSnapshot first = collector.collect(0, 1_000_000, false, 0);
        long firstCompleted = first.completed();    // snapshots are reused: keep the count
        assertEquals(3, firstCompleted, "carried ops plus the interval's own");
        assertEquals(1, first.kinds().get(0).outcomes().failed());
        assertEquals(2_000, first.kinds().get(0).sojourn().getMinValue(), 2);

        recorder.record(5_000, 900, Batch.MEASURED, false);
        IntervalSnapshot second = collector.collect(1_000_000, 2_000_000, false, 0);
        assertEquals(1, second.completed());

        KindStats total = collector.totals().get(0);
        assertEquals(firstCompleted + 1, total.completed(), "measured intervals add up to the totals");
        assertEquals(1, total.outcomes().failed());
    }

    @Test
    void aRunStoppedDuringWarmupKeepsItsMeasuredOpsInTheTotals() {
        KindRecorder recorder = new KindRecorder(false);
        LatencyCollector collector = new LatencyCollector(List.of("read"), new KindRecorder[][] {{recorder}},
                new KindCounters[] {new KindCounters()});
        recorder.record(2_000, 700, Batch.MEASURED, false);
        collector.collect(-1_000_000, 0, true, 0);
        assertEquals(1, collector.totals().get(0).completed());
    }
}
