package dev.bench.jmh.engine;

import dev.bench.core.Arrivals;
import dev.bench.core.Batch;
import dev.bench.core.OpKind;
import dev.bench.core.Schedule;
import dev.bench.core.engine.Dispatcher;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Threads;
import org.openjdk.jmh.annotations.Warmup;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The open-loop dispatcher's cost per claimed op when it never has to wait: lock, pick the earliest
 * kind, draw the next Poisson gap, fill the batch. The target (1e12 ops/s) keeps every op due, so no
 * waiting is measured. {@code claim}: {@code kinds} one, or TAOBench's 13 (the earliest of 13 streams is
 * picked per claim), {@code batch} the most ops one claim may take (always-due ops fill it), per op.
 * {@code claimOnRamp}: one kind, batch 1, on a linear ramp of a --schedule (1e8 to 1e9 ops/s over an hour,
 * still always due): what a ramp's inverse (a square root per arrival) costs beside the constant rate.
 * One thread: the dispatcher's lock is measured uncontended, as one claimer at a time holds it.
 */
@Threads(1)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(2)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
public class OpenLoopClaim {

    private static final double ALWAYS_DUE_OPS_PER_SEC = 1e12;
    private static final long SEED = 42;
    static final int MAX_BATCH = 64;
    /** A ramp as --schedule takes it: ops always due (a claim takes far longer than 10 ns). */
    private static final Schedule RAMP = Schedule.parse("--schedule", "1h:100000000..1000000000");

    @State(Scope.Thread)
    public static class Claimer {
        @Param({"1", "13"})
        public int kinds;

        @Param({"1", "64"})
        public int batch;

        Dispatcher dispatcher;
        Batch claimed;

        @Setup
        public void setUp() {
            List<OpKind> list = new ArrayList<>();
            for (int k = 0; k < kinds; k++) {
                list.add(new OpKind("op" + k, 1, batch));
            }
            dispatcher = Dispatcher.openLoop(list, Schedule.constant(ALWAYS_DUE_OPS_PER_SEC), Arrivals.POISSON, SEED);
            claimed = new Batch(SEED, batch);
        }
    }

    @State(Scope.Thread)
    public static class RampClaimer {
        Dispatcher dispatcher;
        Batch claimed;

        @Setup
        public void setUp() {
            dispatcher = Dispatcher.openLoop(List.of(new OpKind("op", 1, 1)), RAMP, Arrivals.POISSON, SEED);
            claimed = new Batch(SEED, 1);
        }
    }

    /** {@value #MAX_BATCH} ops per invocation whatever the batch size, so scores of both sizes are per op. */
    @Benchmark
    @OperationsPerInvocation(MAX_BATCH)
    public int claim(Claimer c) {
        int ops = 0;
        for (int taken = 0; taken < MAX_BATCH; taken += c.claimed.size()) {
            c.dispatcher.claim(c.claimed);
            ops += c.claimed.size();
        }
        return ops;
    }

    /** One claim of one op on a ramp. */
    @Benchmark
    public boolean claimOnRamp(RampClaimer r) {
        return r.dispatcher.claim(r.claimed);
    }
}
