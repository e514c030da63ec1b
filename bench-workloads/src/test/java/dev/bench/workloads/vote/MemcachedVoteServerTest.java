package dev.bench.workloads.vote;

import dev.bench.core.BenchException;
import dev.bench.core.RunConfig;
import dev.bench.core.memcached.MemcachedTarget;
import dev.bench.core.testing.LocalMemcached;
import dev.bench.workloads.vote.VoteBackend.VoteCounts;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The memcached backend against real memcached: the shared server for the ordinary behaviour, a
 * process of the test's own for kills and restarts.
 */
class MemcachedVoteServerTest {

    private static MemcachedVoteBackend backend(String address, String test) {
        return new MemcachedVoteBackend(MemcachedTarget.open(address, 2), MemcachedTestServer.uniquePrefix(test), false);
    }

    @Test
    void primeSetsTitlesAndZeroCountsAndAWriteCountsDuplicatesOnceEach() throws Exception {
        try (MemcachedVoteBackend backend = backend(MemcachedTestServer.address(), "prime")) {
            backend.prime(2500);
            assertEquals(new VoteCounts(0, 0), backend.count());
            try (VoteBackend.VoteSession s = backend.openSession()) {
                s.write(new long[] {5, 7, 5, 5}, 4);
                s.read(new long[] {5, 7}, 2);
            }
            assertEquals(new VoteCounts(4, 4), backend.count());
            backend.requirePrimed(2500);
            BenchException tooFew = assertThrows(BenchException.class, () -> backend.requirePrimed(2501));
            assertTrue(tooFew.getMessage().contains("1 of 2501"), tooFew.getMessage());
        }
    }

    @Test
    void aRunLeavesTheCountersAgreeingWithTheClient() {
        try (MemcachedVoteBackend backend = backend(MemcachedTestServer.address(), "run")) {
            VoteBenchmark.Outcome outcome = run(backend, Duration.ofSeconds(2), Duration.ofSeconds(10));

            assertTrue(outcome.check().ok(), outcome.check().verdict());
            assertTrue(outcome.acknowledgedVotes() > 200, "acknowledged " + outcome.acknowledgedVotes());
            assertEquals(outcome.result().generatedTotal(), outcome.result().completedTotal());
        }
    }

    @Test
    void aServerKilledMidRunIsCountedAndUsedAgainWhenBack() throws Exception {
        try (LocalMemcached server = LocalMemcached.start(); MemcachedVoteBackend backend = backend(server.address(), "restart")) {
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
            VoteBenchmark.Outcome outcome = run(backend, Duration.ofSeconds(4), Duration.ofSeconds(5));
            killer.join();

            long reconnects = outcome.result().kinds().stream().mapToLong(k -> k.outcomes().reconnects()).sum();
            assertTrue(reconnects >= 1, "reconnects " + reconnects);
            assertEquals(outcome.result().generatedTotal(), outcome.result().completedTotal(), "served again after the restart");
            // the restarted server lost every counter: the check must say so, not hide it
            assertFalse(outcome.check().ok(), outcome.check().verdict());
        }
    }

    @Test
    void aServerThatStaysDownEndsTheRunWithinTheReconnectTimeoutNamingIt() throws Exception {
        try (LocalMemcached server = LocalMemcached.start(); MemcachedVoteBackend backend = backend(server.address(), "down")) {
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

    private static VoteBenchmark.Outcome run(VoteBackend backend, Duration duration, Duration reconnectTimeout) {
        VoteSettings settings = new VoteSettings(1000, 5, true, 1.08, 16, true);
        VoteCounts before = VoteBenchmark.prepare(backend, settings);
        RunConfig config = RunConfig.builder().threads(2).targetOpsPerSec(1000).warmup(Duration.ofMillis(200))
                .duration(duration).reconnectTimeout(reconnectTimeout).build();
        return VoteBenchmark.run(backend, settings, config, List.of(), before);
    }
}
