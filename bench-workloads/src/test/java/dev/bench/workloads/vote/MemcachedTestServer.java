package dev.bench.workloads.vote;

import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Assumptions;

/**
 * The shared memcached (BENCH_MEMCACHED, host:port), found the way {@code TestServers} finds SQL
 * servers: the variable, else skipped with the reason (a failure under BENCH_REQUIRE_SERVICES).
 * Tests write under a key prefix of their own, so they never see each other's keys.
 */
final class MemcachedTestServer {

    private MemcachedTestServer() {
    }

    static String address() {
        String fromEnv = System.getenv("BENCH_MEMCACHED");
        if (fromEnv != null && !fromEnv.isBlank()) {
            return fromEnv.trim();
        }
        String reason = "no memcached: BENCH_MEMCACHED is not set (run: eval \"$(scripts/services.sh)\")";
        if (System.getenv("BENCH_REQUIRE_SERVICES") != null) {
            Assertions.fail(reason + "; BENCH_REQUIRE_SERVICES is set, so this is a failure");
        }
        System.err.println("SKIPPED: " + reason);
        Assumptions.abort(reason);
        return null;
    }

    /** A prefix no other test run shares. */
    static String uniquePrefix(String test) {
        return "bench-test-" + test + "-" + Long.toHexString(System.nanoTime()) + ":";
    }
}
