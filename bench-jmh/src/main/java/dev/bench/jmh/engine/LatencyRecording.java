package dev.bench.jmh.engine;

import dev.bench.core.Batch;
import dev.bench.core.metrics.KindRecorder;
import dev.bench.core.random.SplitMix64;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;
import org.HdrHistogram.SingleWriterRecorder;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

import java.util.concurrent.TimeUnit;

/**
 * What recording one latency costs a worker, for each way it could be recorded. One writer thread, as
 * in the engine (each worker owns its recorders); {@code synchronizedHistogram} is what a shared lock
 * would cost uncontended. Run with {@code -prof gc}: every path should allocate ~0 B/op.
 *
 * <p>Values cycle through {@value #VALUES} precomputed latencies from 1 µs to ~100 ms, log-uniform, so
 * the histograms reach their full size during warmup and the measured part never resizes them.
 * {@code valueOnly} is the cost of fetching the value, to subtract.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(2)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
public class LatencyRecording {

    static final int VALUES = 4096;
    private static final int SIGNIFICANT_DIGITS = 3;

    private final long[] values = new long[VALUES];
    private int next;

    private final Histogram histogram = new Histogram(SIGNIFICANT_DIGITS);
    private final Histogram lockedHistogram = new Histogram(SIGNIFICANT_DIGITS);
    private final Recorder recorder = new Recorder(SIGNIFICANT_DIGITS);
    private final SingleWriterRecorder singleWriterRecorder = new SingleWriterRecorder(SIGNIFICANT_DIGITS);
    private final KindRecorder kindRecorder = new KindRecorder(false);
    /** A worker's recorders by host number as the engine keeps them since per-host counts: two hosts, two kinds. */
    private final KindRecorder[][] byHost = {
        {new KindRecorder(false), new KindRecorder(false)}, {new KindRecorder(false), new KindRecorder(false)}};
    /** Fields, as the session's answer is to the worker: the JIT can't fold the lookup away. */
    private int host = 1;
    private int kind = 1;
    /** A field, not a literal: the JIT must not fold the phase index away (JMH sample 10). */
    private int phase = Batch.MEASURED;

    @Setup
    public void setUp() {
        SplitMix64 random = new SplitMix64(42);
        for (int i = 0; i < VALUES; i++) {
            values[i] = (long) Math.pow(10, 3 + 5 * random.nextDouble());
        }
    }

    private long nextValue() {
        return values[next++ & (VALUES - 1)];
    }

    @Benchmark
    public long valueOnly() {
        return nextValue();
    }

    @Benchmark
    public void histogram() {
        histogram.recordValue(nextValue());
    }

    @Benchmark
    public void synchronizedHistogram() {
        long value = nextValue();
        synchronized (lockedHistogram) {
            lockedHistogram.recordValue(value);
        }
    }

    @Benchmark
    public void recorder() {
        recorder.recordValue(nextValue());
    }

    @Benchmark
    public void singleWriterRecorder() {
        singleWriterRecorder.recordValue(nextValue());
    }

    /** The engine's per-op call: sojourn and service into two single-writer recorders. */
    @Benchmark
    public void kindRecorder() {
        long sojourn = nextValue();
        kindRecorder.record(sojourn, sojourn >>> 1, phase, false);
    }

    /**
     * The same call as the worker makes it with per-host counts: its recorder found by host number,
     * then by kind, with the bounds and null check of {@code Worker.recordersFor}. Compare with
     * {@link #kindRecorder} (the engine's call before): the difference is what per-host counts cost.
     */
    @Benchmark
    public void kindRecorderByHost() {
        long sojourn = nextValue();
        KindRecorder[][] mine = byHost;
        int h = host;
        KindRecorder[] recorders = h < mine.length && mine[h] != null ? mine[h] : byHost[0];
        recorders[kind].record(sojourn, sojourn >>> 1, phase, false);
    }
}
