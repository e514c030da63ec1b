package dev.bench.workloads.vote;

/** Key prefixes that keep the tests sharing one memcached ({@code TestServers.memcachedAddress()}) apart. */
final class TestKeyPrefixes {

    private TestKeyPrefixes() {
    }

    /** A prefix no other test run shares. */
    static String unique(String test) {
        return "bench-test-" + test + "-" + Long.toHexString(System.nanoTime()) + ":";
    }
}
