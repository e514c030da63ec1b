package dev.bench.core.engine;

import dev.bench.core.Batch;
import dev.bench.core.OpKind;
import dev.bench.core.RunConfig;
import dev.bench.core.metrics.KindStats;
import dev.bench.core.metrics.RunResult;
import dev.bench.core.testing.StubWorkload;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The open loop is an M/D/1 queue when one worker serves Poisson arrivals with a fixed service time D: its
 * mean sojourn is D + ρD / (2(1 − ρ)) (Pollaczek-Khinchine). A run's own arrivals and service times fix its
 * exact answer: the Lindley recursion over what the backend saw (each op completes its service time after the
 * later of its intended start and the previous completion) gives the sojourn each op should have had. The
 * engine's mean must be that within 5 %: what it may add is the client's own cost (a parked worker waking
 * late for an op that finds the queue empty); pacing or recording that queued ops, lost them or measured
 * from the wrong start would show here. The service times are the backend's own (a spin of D, longer when
 * the OS preempts it), so a busy machine moves the queue, not the comparison; the message gives
 * Pollaczek-Khinchine's figure beside them (on a quiet machine the three agree).
 */
class MD1QueueTest {

    /** Long enough that a parked worker's late wake-up (0.2-0.3 ms here, and every op of its busy period after it) stays 2-3 % of the sojourn. */
    private static final long SERVICE_NANOS = 10_000_000;

    @ParameterizedTest(name = "rho {0}")
    @ValueSource(doubles = {0.5, 0.8})
    void meanSojournIsTheQueueTheArrivalsMake(double rho) {
        List<long[]> seen = new ArrayList<>(); // intended start, service start, service end
        StubWorkload backend = new StubWorkload(List.of(new OpKind("op", 1, 1)), 0) {
            @Override
            protected void onBatch(Batch batch) {
                long start = System.nanoTime();
                while (System.nanoTime() - start < SERVICE_NANOS) {
                    Thread.onSpinWait();
                }
                if (batch.isMeasured(0)) {
                    seen.add(new long[] {batch.intendedNanos(0), start, System.nanoTime()});
                }
            }
        };
        RunConfig config = RunConfig.builder().threads(1).targetOpsPerSec(rho * 1e9 / SERVICE_NANOS)
                .warmup(Duration.ZERO).duration(Duration.ofSeconds(8)).seed(7).build();

        RunResult result = Engine.run(backend, config, List.of());

        KindStats op = result.kind("op");
        assertEquals(seen.size(), op.completed(), "every op measured once");
        assertTrue(op.completed() > 0.8 * rho * 8e9 / SERVICE_NANOS, "ops: " + op.completed());
        double lindley = lindleyMeanSojourn(seen);
        double pollaczekKhinchine = SERVICE_NANOS + rho * SERVICE_NANOS / (2 * (1 - rho));
        double measured = op.sojourn().getMean();
        String figures = String.format("rho %.1f: mean sojourn %.3f ms, the arrivals' own M/D/1 queue %.3f ms"
                + " (Pollaczek-Khinchine: %.3f ms)", rho, measured / 1e6, lindley / 1e6, pollaczekKhinchine / 1e6);
        System.out.println(figures); // the surefire report keeps the three, for the record
        assertEquals(lindley, measured, 0.05 * lindley, figures);
    }

    /** Mean sojourn of a FIFO single server over these ops (in order), each taking the service time it took. */
    private static double lindleyMeanSojourn(List<long[]> ops) {
        long previousDone = Long.MIN_VALUE;
        double total = 0;
        for (long[] op : ops) {
            long done = Math.max(op[0], previousDone) + (op[2] - op[1]);
            total += done - op[0];
            previousDone = done;
        }
        return total / ops.size();
    }
}
