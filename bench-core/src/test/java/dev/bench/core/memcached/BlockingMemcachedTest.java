package dev.bench.core.memcached;

import dev.bench.core.ErrorKind;
import dev.bench.core.testing.LocalMemcached;
import net.spy.memcached.MemcachedClient;
import org.junit.jupiter.api.Test;

import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The blocking client against memcached processes of the test's own, read and written beside spymemcached. */
class BlockingMemcachedTest {

    @Test
    void valuesRoundTripAndSpymemcachedReadsWhatItWroteAndTheReverse() throws Exception {
        try (LocalMemcached m = LocalMemcached.start(); MemcachedTarget target = MemcachedTarget.open(m.address(), 1);
             BlockingMemcached blocking = BlockingMemcached.open(target)) {
            MemcachedClient spy = target.client(0);
            String json = "{\"field0\":\"ü \\\" é\",\"field1\":\"" + "x".repeat(40_000) + "\"}";
            assertTrue(blocking.set("b", json));
            assertEquals(json, spy.get("b"), "spymemcached reads the blocking client's item");
            assertEquals(0, flags(m, "b"), "flags 0, as spymemcached stores JSON");

            assertTrue(spy.set("s", 0, json).get());
            String big = "not json ".repeat(5_000); // spymemcached gzips a non-JSON string over 16 KB (flags 2)
            assertTrue(spy.set("z", 0, big).get());
            assertEquals(json, blocking.get("s"), "the blocking client reads spymemcached's item");
            assertEquals(2, flags(m, "z"));
            assertEquals(big, blocking.get("z"), "and its compressed one");

            assertNull(blocking.get("absent"));
            assertFalse(blocking.add("b", "{}"), "add of a present key is refused");
            assertFalse(blocking.replace("absent", "{}"), "replace of an absent key is refused");
            assertTrue(blocking.replace("b", "{\"v\":2}"));
            assertEquals("{\"v\":2}", spy.get("b"));
            assertThrows(IllegalArgumentException.class, () -> blocking.get("with space"));
            assertEquals("{\"v\":2}", blocking.get("b"), "a refused key leaves the connection usable");
        }
    }

    @Test
    void aPoolPlacesEveryKeyOnTheServerSpymemcachedPlacesIt() throws Exception {
        try (LocalMemcached a = LocalMemcached.start(); LocalMemcached b = LocalMemcached.start();
             MemcachedTarget pool = MemcachedTarget.open(a.address() + "," + b.address(), 1);
             MemcachedTarget onlyA = MemcachedTarget.open(a.address(), 1);
             BlockingMemcached blocking = BlockingMemcached.open(pool)) {
            int keys = 300;
            String[] k = new String[keys];
            String[] v = new String[keys];
            for (int i = 0; i < keys; i++) {
                k[i] = "k" + i;
                v[i] = "{\"i\":" + i + "}";
            }
            boolean[] added = new boolean[keys];
            blocking.addAll(k, v, keys, added); // pipelined, each server's own
            int onA = 0;
            for (int i = 0; i < keys; i++) {
                assertTrue(added[i], k[i]);
                assertEquals(v[i], pool.client(0).get(k[i]), "spymemcached's pool finds " + k[i]);
                boolean inA = onlyA.client(0).get(k[i]) != null;
                onA += inA ? 1 : 0;
                assertEquals(inA ? a.address() : b.address(), pool.serverOf(k[i]), k[i]);
                assertTrue(pool.client(0).set("r" + i, 0, v[i]).get());
                assertEquals(v[i], blocking.get("r" + i), "the blocking client finds spymemcached's r" + i);
            }
            assertTrue(onA > keys / 5 && onA < keys * 4 / 5, onA + " of " + keys + " on a");
        }
    }

    @Test
    void aKilledServerIsALostConnectionAndAPoolMemberDownFailsItsOpsAlone() throws Exception {
        try (LocalMemcached a = LocalMemcached.start(); LocalMemcached b = LocalMemcached.start();
             MemcachedTarget pool = MemcachedTarget.open(a.address() + "," + b.address(), 1);
             BlockingMemcached blocking = BlockingMemcached.open(pool)) {
            String onA = key(pool, a.address());
            String onB = key(pool, b.address());
            assertTrue(blocking.set(onA, "{}") && blocking.set(onB, "{}"));
            b.kill();
            MemcachedUnavailableException down = assertThrows(MemcachedUnavailableException.class, () -> blocking.get(onB));
            assertEquals(ErrorKind.FAILED, MemcachedErrors.classify(down), down.getMessage());
            assertTrue(down.getMessage().contains(b.address()), down.getMessage());
            assertEquals("{}", blocking.get(onA), "the pool's other server serves on");
            a.kill();
            MemcachedUnavailableException lost = assertThrows(MemcachedUnavailableException.class, () -> blocking.get(onA));
            assertEquals(ErrorKind.CONNECTION, MemcachedErrors.classify(lost), lost.getMessage());
            assertThrows(MemcachedUnavailableException.class, () -> BlockingMemcached.open(pool));

            a.restart();
            b.restart();
            try (BlockingMemcached again = BlockingMemcached.open(pool)) {
                assertNull(again.get(onA), "a new client reaches the restarted servers");
                assertTrue(again.set(onB, "{}"));
            }
            TimeUnit.MILLISECONDS.sleep(1_100); // past the redial delay, the old client dials again
            assertNull(blocking.get(onA));
        }
    }

    @Test
    void aSilentServerTimesOutWithinTheOpTimeoutAndAbortCutsOffTheCall() throws Exception {
        try (LocalMemcached m = LocalMemcached.start(); MemcachedTarget target = MemcachedTarget.open(m.address(), 1);
             BlockingMemcached blocking = BlockingMemcached.open(target)) {
            assertTrue(blocking.set("k", "{}"));
            m.pause(true);
            try {
                long start = System.nanoTime();
                MemcachedUnavailableException e = assertThrows(MemcachedUnavailableException.class, () -> blocking.get("k"));
                long ms = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
                assertTrue(ms >= MemcachedTarget.OP_TIMEOUT_MS && ms < MemcachedTarget.OP_TIMEOUT_MS + 1_000, ms + " ms");
                assertTrue(e.getMessage().contains("no reply within"), e.getMessage());
                assertEquals(ErrorKind.CONNECTION, MemcachedErrors.classify(e));

                BlockingMemcached other = BlockingMemcached.open(target); // connects: the kernel accepts for it
                Thread cut = new Thread(() -> {
                    sleepMs(200);
                    other.close();
                });
                cut.start();
                start = System.nanoTime();
                assertThrows(MemcachedUnavailableException.class, () -> other.get("k"));
                assertTrue(System.nanoTime() - start < TimeUnit.MILLISECONDS.toNanos(1_500), "close cut the call off");
                cut.join();
            } finally {
                m.pause(false);
            }
            try (BlockingMemcached fresh = BlockingMemcached.open(target)) {
                assertEquals("{}", fresh.get("k"));
            }
        }
    }

    private static void sleepMs(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** A key the pool places on {@code server}. */
    private static String key(MemcachedTarget pool, String server) {
        for (int i = 0; ; i++) {
            if (pool.serverOf("key" + i).equals(server)) {
                return "key" + i;
            }
        }
    }

    /** The item's flags as the server has them ({@code mg <key> f}, memcached 1.6's meta get). */
    private static int flags(LocalMemcached m, String key) throws Exception {
        try (java.net.Socket s = new java.net.Socket("127.0.0.1", m.port())) {
            s.getOutputStream().write(("mg " + key + " f\r\n").getBytes(java.nio.charset.StandardCharsets.US_ASCII));
            String line = new java.io.BufferedReader(new java.io.InputStreamReader(s.getInputStream(),
                    java.nio.charset.StandardCharsets.US_ASCII)).readLine();
            assertTrue(line.startsWith("HD f"), line);
            return Integer.parseInt(line.substring("HD f".length()).trim());
        }
    }
}
