package dev.bench.workloads.ycsb;

import dev.bench.core.random.SplitMix64;
import org.junit.jupiter.api.Test;

import java.util.HashMap;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** YCSB's generators against values known from YCSB itself and from the distributions' definitions. */
class YcsbGeneratorsTest {

    private static final int DRAWS = 200_000;

    /** YCSB's first hashed key, the one every YCSB load starts with: user6284781860667377211. */
    @Test
    void recordZeroHashesToYcsbsFirstKey() {
        assertEquals(6284781860667377211L, Fnv.hash64(0));
        assertEquals("user6284781860667377211", Records.keyName(0, 1, false));
    }

    @Test
    void orderedKeysArePaddedWithZeros() {
        assertEquals("user0000000042", Records.keyName(42, 10, true));
        assertEquals("user42", Records.keyName(42, 1, true));
    }

    /**
     * The scrambled zipfian's most drawn key is rank 0's, FNV(0) mod the item count: rank 0 has
     * probability 1/zeta = 1/26.469 = 3.78 %, plus about 1/N of the other ranks' mass landing on it by hash;
     * rank 1 (FNV(1) mod N) has 0.5^0.99 / zeta = 1.90 %. Within 5 binomial standard deviations.
     */
    @Test
    void scrambledZipfiansTopKeysAreRanksZeroAndOneHashed() {
        long n = 1000;
        ScrambledZipfian zipf = new ScrambledZipfian(0, n - 1);
        Map<Long, Integer> counts = draw(zipf);
        long top = Fnv.hash64(0) % n;
        long second = Fnv.hash64(1) % n;
        assertEquals(top, mostDrawn(counts));
        double p0 = 1 / ScrambledZipfian.ZETAN + 1.0 / n;
        double p1 = Math.pow(0.5, 0.99) / ScrambledZipfian.ZETAN + 1.0 / n;
        assertWithin(p0, counts.get(top));
        assertWithin(p1, counts.get(second));
    }

    @Test
    void zipfianRankZeroHasProbabilityOneOverZeta() {
        long n = 100;
        Zipfian zipf = new Zipfian(0, n - 1);
        Map<Long, Integer> counts = draw(zipf);
        assertWithin(1 / Zipfian.zeta(0, n, Zipfian.THETA, 0), counts.get(0L));
        assertTrue(counts.keySet().stream().allMatch(k -> k >= 0 && k < n), "out of range: " + counts.keySet());
    }

    @Test
    void hotspotSendsItsOpnFractionToTheHotSet() {
        LongGenerator hot = KeyChooser.hotspot(0, 999, 0.2, 0.8);
        SplitMix64 r = new SplitMix64(7);
        int inHot = 0;
        for (int i = 0; i < DRAWS; i++) {
            long k = hot.next(r);
            assertTrue(k >= 0 && k <= 999);
            inHot += k < 200 ? 1 : 0;
        }
        assertWithin(0.8 + 0.2 * 0.0, inHot);
    }

    /** Finished out of order, the counter moves only over a gap-free prefix. */
    @Test
    void acknowledgedCounterWaitsForTheFirstGap() {
        AcknowledgedCounter c = new AcknowledgedCounter(1000);
        assertEquals(999, c.last());
        c.acknowledge(1001);
        c.acknowledge(1002);
        assertEquals(999, c.last());
        c.acknowledge(1000);
        assertEquals(1002, c.last());
        c.acknowledge(1000);
        assertEquals(1002, c.last());
    }

    /** latest: keys at or below the last finished insert, the newest the most drawn, following new inserts. */
    @Test
    void latestFollowsTheInserts() {
        CoreConfig config = config("requestdistribution", "latest");
        AcknowledgedCounter inserted = new AcknowledgedCounter(config.recordCount());
        KeyChooser keys = new KeyChooser(config, inserted);
        assertEquals(999, mostDrawn(drawKeys(keys, inserted.last())));
        for (long k = 1000; k < 1100; k++) {
            inserted.acknowledge(k);
        }
        Map<Long, Integer> after = drawKeys(keys, 1099);
        assertEquals(1099, mostDrawn(after));
        assertWithin(1 / Zipfian.zeta(0, 1099, Zipfian.THETA, 0), after.get(1099L));
    }

    /** zipfian's key space runs past the loaded records (for inserts to come); keys not yet inserted are drawn again. */
    @Test
    void zipfianNeverDrawsAKeyNotYetInserted() {
        CoreConfig config = config("requestdistribution", "zipfian", "insertproportion", "0.5", "operationcount", "1000");
        assertEquals(2000, config.zipfianMax());
        AcknowledgedCounter inserted = new AcknowledgedCounter(config.recordCount());
        drawKeys(new KeyChooser(config, inserted), 999);
    }

    @Test
    void deterministicValuesDependOnKeyAndFieldOnly() {
        String v = Records.expected("user1", "field0", 100);
        assertEquals(100, v.length());
        assertTrue(v.startsWith("user1:field0:"));
        assertEquals(v, Records.expected("user1", "field0", 100));
        assertTrue(!v.equals(Records.expected("user1", "field1", 100)));
    }

    static CoreConfig config(String... keyValues) {
        Map<String, String> p = new HashMap<>();
        p.put("recordcount", "1000");
        for (int i = 0; i < keyValues.length; i += 2) {
            p.put(keyValues[i], keyValues[i + 1]);
        }
        return CoreConfig.from(PropertyReader.of(java.util.List.of(), p));
    }

    private static Map<Long, Integer> drawKeys(KeyChooser keys, long max) {
        Map<Long, Integer> counts = new HashMap<>();
        SplitMix64 r = new SplitMix64(42);
        for (int i = 0; i < DRAWS; i++) {
            long k = keys.next(r);
            assertTrue(k >= 0 && k <= max, "key " + k + " beyond " + max);
            counts.merge(k, 1, Integer::sum);
        }
        return counts;
    }

    private static Map<Long, Integer> draw(LongGenerator g) {
        Map<Long, Integer> counts = new HashMap<>();
        SplitMix64 r = new SplitMix64(42);
        for (int i = 0; i < DRAWS; i++) {
            counts.merge(g.next(r), 1, Integer::sum);
        }
        return counts;
    }

    private static long mostDrawn(Map<Long, Integer> counts) {
        return counts.entrySet().stream().max(Map.Entry.comparingByValue()).orElseThrow().getKey();
    }

    private static void assertWithin(double p, int observed) {
        double mean = p * DRAWS;
        double sigma = Math.sqrt(DRAWS * p * (1 - p));
        assertTrue(Math.abs(observed - mean) < 5 * sigma, "observed " + observed + ", expected " + mean + " +- " + 5 * sigma);
    }
}
