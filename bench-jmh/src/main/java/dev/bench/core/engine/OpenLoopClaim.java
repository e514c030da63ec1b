package dev.bench.core.engine;

import dev.bench.core.Arrivals;
import dev.bench.core.Batch;
import dev.bench.core.OpKind;
import dev.bench.core.Schedule;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The dispatcher's cost per claimed op when it never has to wait: lock, pick the earliest kind, draw the
 * next Poisson gap, fill the batch. The target (1e12 ops/s) keeps every op due, so no waiting is measured.
 * {@code schedule=ramp} claims on a linear ramp of a --schedule (1e8 to 1e9 ops/s over an hour, still
 * always due): what a ramp's inverse (a square root per arrival) costs beside the constant rate.
 *
 * <p>In package dev.bench.core.engine because the dispatcher is package-private; the split package is
 * fine on the class path.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(2)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
public class OpenLoopClaim {

    private static final double ALWAYS_DUE_OPS_PER_SEC = 1e12;
    private static final long SEED = 42;

    /** A ramp as --schedule takes it: ops always due (a claim takes far longer than 10 ns). */
    private static final Schedule RAMP = Schedule.parse("--schedule", "1h:100000000..1000000000");

    @Param({"constant", "ramp"})
    public String schedule;

    private OpenLoopDispatcher dispatcher;
    private Batch batch;

    @Setup
    public void setUp() {
        long now = System.nanoTime();
        dispatcher = new OpenLoopDispatcher(List.of(new OpKind("op", 1, 1)),
                schedule.equals("ramp") ? RAMP : Schedule.constant(ALWAYS_DUE_OPS_PER_SEC),
                Arrivals.POISSON, SEED, now, now, Long.MAX_VALUE, 0);
        batch = new Batch(SEED, 1);
    }

    @Benchmark
    public boolean claim() {
        return dispatcher.claim(batch);
    }
}
