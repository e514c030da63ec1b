package dev.bench.core.memcached;

import dev.bench.core.BenchException;
import dev.bench.core.ErrorKind;
import dev.bench.core.testing.LocalMemcached;
import net.spy.memcached.MemcachedClient;
import net.spy.memcached.OperationTimeoutException;
import org.junit.jupiter.api.Test;

import java.util.concurrent.CancellationException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Against memcached processes of the test's own (the shared server is never killed). */
class MemcachedTargetTest {

    @Test
    void addressesParseOneOrSeveralAndNameTheBadEntry() {
        assertEquals(2, MemcachedAddresses.parse("a:1, b:2").size());
        assertEquals(11211, MemcachedAddresses.parse("cache.example").get(0).getPort());
        assertEquals("[::1]:11211", MemcachedAddresses.format(MemcachedAddresses.parse("[::1]:11211").get(0)));
        BenchException badPort = assertThrows(BenchException.class, () -> MemcachedAddresses.parse("a:1,b:x"));
        assertTrue(badPort.getMessage().contains("'b:x'"), badPort.getMessage());
        assertThrows(BenchException.class, () -> MemcachedAddresses.parse("a:1,a:1"));
        assertThrows(BenchException.class, () -> MemcachedAddresses.parse(" "));
    }

    @Test
    void anUnreachableServerFailsAtOnceWithOneLineNamingIt() throws Exception {
        String nobody = "127.0.0.1:" + LocalMemcached.freePort();
        long start = System.nanoTime();

        BenchException e = assertThrows(BenchException.class, () -> MemcachedTarget.open(nobody, 2));

        long tookMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
        assertTrue(tookMs < MemcachedProbe.PROBE_TIMEOUT_MS + 1000, "took " + tookMs + " ms");
        assertTrue(e.getMessage().contains(nobody), e.getMessage());
        assertEquals(1, e.getMessage().lines().count());
    }

    @Test
    void severalServersShareTheKeysAndEveryClientMapsAKeyToTheSameServer() throws Exception {
        try (LocalMemcached a = LocalMemcached.start(); LocalMemcached b = LocalMemcached.start();
             MemcachedTarget pool = MemcachedTarget.open(a.address() + "," + b.address(), 2);
             MemcachedTarget onlyA = MemcachedTarget.open(a.address(), 1);
             MemcachedTarget onlyB = MemcachedTarget.open(b.address(), 1)) {
            int keys = 200;
            for (int i = 0; i < keys; i++) {
                assertTrue(pool.client(0).set("k" + i, 0, "v" + i).get());
            }
            int onA = 0;
            int onB = 0;
            for (int i = 0; i < keys; i++) {
                assertEquals("v" + i, pool.client(1).get("k" + i), "client 1 finds what client 0 stored");
                boolean inA = onlyA.client(0).get("k" + i) != null;
                onA += inA ? 1 : 0;
                onB += onlyB.client(0).get("k" + i) != null ? 1 : 0;
                // the pool's own ring names the server that holds the key, and its host number is that server's
                String server = inA ? a.address() : b.address();
                assertEquals(server, pool.serverOf("k" + i), "k" + i);
                assertEquals(dev.bench.core.Hosts.indexOf(server), pool.hostOf("k" + i), "k" + i);
            }
            assertEquals(keys, onA + onB, "each key on exactly one server");
            assertTrue(onA > keys / 5 && onB > keys / 5, "spread: " + onA + " on a, " + onB + " on b");
        }
    }

    @Test
    void workersAreSpreadOverSeveralClientsEachWithItsOwnIoThread() throws Exception {
        try (LocalMemcached m = LocalMemcached.start(); MemcachedTarget target = MemcachedTarget.open(m.address(), 3)) {
            assertEquals(3, target.clientCount());
            assertTrue(target.client(0) != target.client(1) && target.client(1) != target.client(2)
                    && target.client(0) != target.client(2), "three workers, three clients");
            assertTrue(target.client(3) == target.client(0), "round-robin");
            long ioThreads = Thread.getAllStackTraces().keySet().stream()
                    .filter(t -> t.getName().startsWith("Memcached IO over")).count();
            assertTrue(ioThreads >= 3, "I/O threads: " + ioThreads);
        }
    }

    @Test
    void aKilledServerIsNamedAndUsedAgainOnceItIsBack() throws Exception {
        try (LocalMemcached m = LocalMemcached.start(); MemcachedTarget target = MemcachedTarget.open(m.address(), 1)) {
            MemcachedClient client = target.client(0);
            assertTrue(client.set("k", 0, "before").get());

            m.kill();
            RuntimeException cancelled = assertThrows(RuntimeException.class, () -> client.get("k"));
            assertEquals(ErrorKind.CONNECTION, MemcachedErrors.classify(cancelled), cancelled.toString());
            MemcachedUnavailableException down = assertThrows(MemcachedUnavailableException.class,
                    () -> target.awaitConnected(client, 300));
            assertTrue(down.getMessage().contains(m.address()), down.getMessage());

            m.restart();
            target.awaitConnected(client, 5_000);
            assertTrue(client.set("k", 0, "after").get());
            assertEquals("after", client.get("k"));
        }
    }

    @Test
    void lostServersAreConnectionFailuresAndEverythingElseIsFatal() {
        assertEquals(ErrorKind.CONNECTION, MemcachedErrors.classify(new ExecutionException(new CancellationException("Cancelled"))));
        assertEquals(ErrorKind.CONNECTION, MemcachedErrors.classify(new OperationTimeoutException("timed out")));
        assertEquals(ErrorKind.CONNECTION, MemcachedErrors.classify(new MemcachedUnavailableException("down")));
        assertEquals(ErrorKind.FATAL, MemcachedErrors.classify(new IllegalArgumentException("Key contains invalid characters")));
    }
}
