package dev.bench.core.engine;

import dev.bench.core.BenchException;
import dev.bench.core.ErrorKind;
import dev.bench.core.OpKind;
import dev.bench.core.RunConfig;
import dev.bench.core.Session;
import dev.bench.core.Workload;
import dev.bench.core.metrics.KindStats;
import dev.bench.core.metrics.RunResult;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Each error class does what the contract says, with a backend that fails on a known schedule. */
class EngineErrorsTest {

    private static final RunConfig ONE_SECOND = RunConfig.builder().threads(2).targetOpsPerSec(2000)
            .warmup(Duration.ZERO).duration(Duration.ofSeconds(1)).build();

    /** Fails every n-th call with the given kind; sessions opened are counted. */
    private static final class Flaky implements Workload {
        final ErrorKind failure;
        final int every;
        final AtomicInteger calls = new AtomicInteger();
        final AtomicInteger opened = new AtomicInteger();

        Flaky(ErrorKind failure, int every) {
            this.failure = failure;
            this.every = every;
        }

        @Override
        public List<OpKind> kinds() {
            return List.of(new OpKind("op", 1, 1));
        }

        @Override
        public Session openSession(int workerIndex) {
            opened.incrementAndGet();
            return batch -> {
                if (calls.incrementAndGet() % every == 0) {
                    throw new IllegalStateException("injected " + failure);
                }
                if (batch.opIndex(0) % 10 == 0) {
                    batch.reject(0);
                }
            };
        }

        @Override
        public ErrorKind classify(Exception e) {
            return failure;
        }
    }

    @Test
    void contentionIsRetriedAndCounted() {
        Flaky flaky = new Flaky(ErrorKind.RETRYABLE, 50);
        RunResult r = Engine.run(flaky, ONE_SECOND, List.of());

        KindStats op = r.kind("op");
        assertEquals(r.generatedTotal(), op.completed(), "every op completed after its retry");
        assertTrue(op.outcomes().retries() >= 0.9 * flaky.calls.get() / 50, "retries " + op.outcomes().retries());
        assertEquals(0, op.outcomes().failed());
        assertEquals(op.completed() / 10.0, op.outcomes().rejected(), op.completed() * 0.02);
        assertEquals(op.completed() - op.outcomes().rejected(), op.accepted());
    }

    @Test
    void aLostConnectionIsReopenedAndCounted() {
        Flaky flaky = new Flaky(ErrorKind.CONNECTION, 100);
        RunResult r = Engine.run(flaky, ONE_SECOND, List.of());

        KindStats op = r.kind("op");
        assertEquals(r.generatedTotal(), op.completed());
        assertTrue(op.outcomes().reconnects() >= 10, "reconnects " + op.outcomes().reconnects());
        assertEquals(2 + op.outcomes().reconnects(), flaky.opened.get(), "one new session per reconnect");
    }

    @Test
    void aFailedOpIsCountedAndTheRunGoesOn() {
        RunResult r = Engine.run(new Flaky(ErrorKind.FAILED, 20), ONE_SECOND, List.of());

        KindStats op = r.kind("op");
        assertEquals(r.generatedTotal(), op.completed() + op.outcomes().failed());
        assertEquals(r.generatedTotal() / 20.0, op.outcomes().failed(), r.generatedTotal() * 0.01);
    }

    @Test
    void aFatalErrorStopsTheRunWithItsMessage() {
        BenchException e = assertThrows(BenchException.class,
                () -> Engine.run(new Flaky(ErrorKind.FATAL, 100), ONE_SECOND, List.of()));
        assertEquals("injected FATAL", e.getMessage());
    }

    @Test
    void aSessionThatCannotOpenFailsBeforeTheRun() {
        Workload unreachable = new Workload() {
            @Override
            public List<OpKind> kinds() {
                return List.of(new OpKind("op", 1, 1));
            }

            @Override
            public Session openSession(int workerIndex) throws Exception {
                throw new java.net.ConnectException("Connection refused");
            }
        };
        BenchException e = assertThrows(BenchException.class, () -> Engine.run(unreachable, ONE_SECOND, List.of()));
        assertEquals("Connection refused", e.getMessage());
    }

    @Test
    void kindsFollowTheirWeightsOpenAndClosedLoop() {
        Workload w = new Workload() {
            @Override
            public List<OpKind> kinds() {
                return List.of(new OpKind("a", 1, 32), new OpKind("b", 3, 32), new OpKind("never", 0, 1));
            }

            @Override
            public Session openSession(int workerIndex) {
                return batch -> java.util.concurrent.locks.LockSupport.parkNanos(100_000);
            }
        };
        for (double target : new double[] {4000, 0}) {
            RunResult r = Engine.run(w, RunConfig.builder().threads(2).targetOpsPerSec(target).warmup(Duration.ZERO)
                    .duration(Duration.ofSeconds(1)).build(), List.of());
            assertEquals(3.0, (double) r.kind("b").completed() / r.kind("a").completed(), 0.3, "weights 1:3, target " + target);
            assertEquals(0, r.kind("never").completed());
        }
    }
}
