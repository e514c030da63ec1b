package dev.bench.core.memcached;

import dev.bench.core.ErrorKind;
import dev.bench.core.testing.LocalMemcached;
import net.spy.memcached.MemcachedClient;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The blocking client's multi-key calls (one multi-get; counters incremented or started) over a pool of two servers. */
class BlockingMultiKeyTest {

    @Test
    void aMultiGetCountsWhatEachServerHoldsAndIncrementsStartMissingCountersAsSpymemcachedDoes() throws Exception {
        try (LocalMemcached a = LocalMemcached.start(); LocalMemcached b = LocalMemcached.start();
             MemcachedTarget pool = MemcachedTarget.open(a.address() + "," + b.address(), 1);
             BlockingMemcached blocking = BlockingMemcached.open(pool)) {
            MemcachedClient spy = pool.client(0);
            List<String> keys = new ArrayList<>();
            int onA = 0;
            for (int i = 0; i < 40; i++) {
                keys.add("c" + i);
                onA += pool.serverOf("c" + i).equals(a.address()) ? 1 : 0;
                if (i % 2 == 0) {
                    assertTrue(spy.set("c" + i, 0, "x".repeat(i * 100)).get()); // values of 0 to 3.8 KB
                }
            }
            assertTrue(onA > 0 && onA < 40, onA + " of 40 keys on a: both servers asked");
            assertEquals(20, blocking.countFound(keys));
            assertEquals(0, blocking.countFound(List.of("none1", "none2")));

            String[] counters = {"c0", "n1", "n2", "c0"};
            assertTrue(spy.set("n1", 0, "5").get());
            spy.delete("c0").get();
            long[] by = {3, 4, 7, 2};
            boolean[] landed = new boolean[4];
            assertNull(blocking.incrOrStart(counters, by, 4, landed));
            assertTrue(landed[0] && landed[1] && landed[2] && landed[3]);
            assertEquals("5", spy.get("c0"), "started at 3 (it was missing), then incremented by 2");
            assertEquals("9", spy.get("n1"));
            assertEquals("7", spy.get("n2"), "a missing counter starts at its votes");
            assertEquals(20, blocking.countFound(keys.subList(1, 40)) + 1, "the connections stay in step");
        }
    }

    @Test
    void aPoolMemberDownFailsItsOwnCountersAloneAndTheMultiGet() throws Exception {
        try (LocalMemcached a = LocalMemcached.start(); LocalMemcached b = LocalMemcached.start();
             MemcachedTarget pool = MemcachedTarget.open(a.address() + "," + b.address(), 1);
             BlockingMemcached blocking = BlockingMemcached.open(pool)) {
            String onA = key(pool, a.address(), 0);
            String onB = key(pool, b.address(), 0);
            String alsoOnA = key(pool, a.address(), 1);
            boolean[] landed = new boolean[3];
            assertNull(blocking.incrOrStart(new String[] {onA, onB, alsoOnA}, new long[] {1, 1, 1}, 3, landed));
            b.kill();
            MemcachedUnavailableException down = blocking.incrOrStart(new String[] {onA, onB, alsoOnA},
                    new long[] {1, 1, 1}, 3, landed);
            assertEquals(ErrorKind.FAILED, MemcachedErrors.classify(down), down.getMessage());
            assertTrue(down.getMessage().contains(b.address()), down.getMessage());
            assertTrue(landed[0] && landed[2], "a's counters landed");
            assertFalse(landed[1], "b's is in doubt");
            assertEquals("2", blocking.get(onA));
            assertEquals("2", blocking.get(alsoOnA));
            MemcachedUnavailableException get = assertThrows(MemcachedUnavailableException.class,
                    () -> blocking.countFound(List.of(onA, onB)));
            assertEquals(ErrorKind.FAILED, MemcachedErrors.classify(get), get.getMessage());
            assertEquals(1, blocking.countFound(List.of(onA)), "a serves on");
            a.kill();
            MemcachedUnavailableException lost = blocking.incrOrStart(new String[] {onA}, new long[] {1}, 1, landed);
            assertEquals(ErrorKind.CONNECTION, MemcachedErrors.classify(lost), lost.getMessage());
            assertFalse(landed[0]);
        }
    }

    /** The {@code n}-th key the pool places on {@code server}. */
    private static String key(MemcachedTarget pool, String server, int n) {
        for (int i = 0; ; i++) {
            if (pool.serverOf("key" + i).equals(server) && n-- == 0) {
                return "key" + i;
            }
        }
    }
}
