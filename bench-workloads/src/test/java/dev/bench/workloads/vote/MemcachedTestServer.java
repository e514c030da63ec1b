package dev.bench.workloads.vote;

import dev.bench.core.testing.SkipOrFail;
import org.testcontainers.containers.GenericContainer;

/**
 * The shared memcached (BENCH_MEMCACHED, host:port), found the way {@code TestServers} finds SQL
 * servers: the variable, else a memcached container where Docker runs, else skipped with the reason
 * (a failure under BENCH_REQUIRE_SERVICES: {@link SkipOrFail}).
 * Tests write under a key prefix of their own, so they never see each other's keys.
 */
final class MemcachedTestServer {

    /** The image --container uses (bench-cli's ServerImages, which this module can't see). */
    static final String IMAGE = "memcached:1.6";
    private static final int PORT = 11211;
    private static GenericContainer<?> container;

    private MemcachedTestServer() {
    }

    static String address() {
        String fromEnv = System.getenv("BENCH_MEMCACHED");
        if (fromEnv != null && !fromEnv.isBlank()) {
            return fromEnv.trim();
        }
        if (SkipOrFail.dockerAvailable()) {
            synchronized (MemcachedTestServer.class) {
                if (container == null) {
                    container = new GenericContainer<>(IMAGE).withExposedPorts(PORT);
                    container.start();
                }
                return container.getHost() + ":" + container.getMappedPort(PORT);
            }
        }
        return SkipOrFail.missing("no memcached: BENCH_MEMCACHED is not set and no Docker engine runs (run: eval \"$(scripts/services.sh)\")");
    }

    /** A prefix no other test run shares. */
    static String uniquePrefix(String test) {
        return "bench-test-" + test + "-" + Long.toHexString(System.nanoTime()) + ":";
    }
}
