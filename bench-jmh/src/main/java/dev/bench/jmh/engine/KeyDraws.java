package dev.bench.jmh.engine;

import dev.bench.core.random.KeyDistribution;
import dev.bench.core.random.SplitMix64;
import dev.bench.core.random.ZipfDistribution;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

import java.util.concurrent.TimeUnit;

/**
 * What drawing one key costs a worker: the raw generator, a uniform key, and a Zipf key over
 * {@value #KEYS} keys with exponent 1.08 (rejection-inversion: a few logarithms and exponentials, no table).
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(2)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
public class KeyDraws {

    static final int KEYS = 100_000;

    private final SplitMix64 random = new SplitMix64(42);
    private final KeyDistribution uniform = KeyDistribution.uniform(KEYS);
    private final ZipfDistribution zipf = new ZipfDistribution(KEYS, 1.08);

    @Benchmark
    public long splitMix64() {
        return random.nextLong();
    }

    @Benchmark
    public long uniform() {
        return uniform.next(random);
    }

    @Benchmark
    public long zipf() {
        return zipf.next(random);
    }
}
