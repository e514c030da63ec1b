package dev.bench.workloads.vote;

import dev.bench.core.BenchException;
import dev.bench.core.RunConfig;
import dev.bench.core.memcached.MemcachedTarget;
import dev.bench.core.testing.LocalMemcached;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What only the memcached backend must survive, against memcached processes of the test's own (the
 * shared server is never killed); the backend-agnostic suite covers the rest.
 */
class MemcachedVoteServerTest {

    private static final long ARTICLES = 1000;

    private static MemcachedVoteBackend backend(String address, String test) {
        return new MemcachedVoteBackend(MemcachedTarget.open(address, 2), TestKeyPrefixes.unique(test), false);
    }

    @Test
    void aServerKilledMidRunIsCountedAndUsedAgainWhenBack() throws Exception {
        try (LocalMemcached server = LocalMemcached.start(); MemcachedVoteBackend backend = backend(server.address(), "restart")) {
            prime(backend);
            Thread killer = new Thread(() -> {
                try {
                    Thread.sleep(1000);
                    server.kill();
                    Thread.sleep(1000);
                    server.restart();
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            });
            killer.start();
            VoteRuns.Run outcome = run(backend, Duration.ofSeconds(4), Duration.ofSeconds(5));
            killer.join();

            long reconnects = outcome.outcome().result().kinds().stream().mapToLong(k -> k.outcomes().reconnects()).sum();
            assertTrue(reconnects >= 1, "reconnects " + reconnects);
            assertEquals(outcome.outcome().result().generatedTotal(), outcome.outcome().result().completedTotal(), "served again after the restart");
            // the restarted server lost every counter: the check must say so, not hide it
            assertFalse(outcome.outcome().check().ok(), outcome.outcome().check().verdict());
            assertEquals(1, outcome.exitCode());
            assertTrue(outcome.report().contains("# counters_missing_at_check: "), outcome.report());
            assertFalse(outcome.report().contains("# counters_missing_at_check: 0\n"), "the restart lost counters");
        }
    }

    @Test
    void aServerThatStaysDownEndsTheRunWithinTheReconnectTimeoutNamingIt() throws Exception {
        try (LocalMemcached server = LocalMemcached.start(); MemcachedVoteBackend backend = backend(server.address(), "down")) {
            prime(backend);
            Thread killer = new Thread(() -> {
                try {
                    Thread.sleep(500);
                    server.kill();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            });
            killer.start();
            long start = System.nanoTime();
            BenchException e = assertThrows(BenchException.class,
                    () -> run(backend, Duration.ofSeconds(20), Duration.ofSeconds(2)));
            long tookMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
            killer.join();

            assertTrue(tookMs < 6_000, "the run took " + tookMs + " ms");
            assertTrue(e.getMessage().contains(server.address()), e.getMessage());
            assertTrue(e.getMessage().contains("could not reconnect within 2 s"), e.getMessage());
        }
    }

    /** Primes first, so the killer's clock starts with the load, however slow priming is on a busy machine. */
    private static void prime(VoteBackend backend) throws Exception {
        backend.prime(ARTICLES);
    }

    private static VoteRuns.Run run(VoteBackend backend, Duration duration, Duration reconnectTimeout) {
        VoteSettings settings = new VoteSettings(ARTICLES, 5, true, 1.08, 16, false);
        RunConfig config = RunConfig.builder().threads(2).targetOpsPerSec(1000).warmup(Duration.ofMillis(200))
                .duration(duration).reconnectTimeout(reconnectTimeout).build();
        return VoteRuns.run(backend, settings, config);
    }
}
