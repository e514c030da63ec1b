package dev.bench.core.random;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class RandomTest {

    @Test
    void boundedDrawsStayInRangeAndCoverIt() {
        SplitMix64 r = new SplitMix64(1);
        int[] seen = new int[7];
        for (int i = 0; i < 70_000; i++) {
            long v = r.nextLong(7);
            assertTrue(v >= 0 && v < 7, "value " + v);
            seen[(int) v]++;
        }
        for (int count : seen) {
            assertEquals(10_000, count, 500);
        }
        assertThrows(IllegalArgumentException.class, () -> r.nextLong(0));
    }

    @Test
    void reseedingRepeatsTheSequence() {
        SplitMix64 r = new SplitMix64(0);
        r.reseed(SplitMix64.seedFor(42, 1, 1000));
        long a = r.nextLong();
        r.nextLong();
        r.reseed(SplitMix64.seedFor(42, 1, 1000));
        assertEquals(a, r.nextLong());
        r.reseed(SplitMix64.seedFor(42, 0, 1000));
        assertTrue(a != r.nextLong(), "another kind, another stream");
    }

    @Test
    void zipfMatchesItsDefinition() {
        ZipfDistribution z = new ZipfDistribution(1000, 1.08);
        double h = 0;
        for (int k = 1; k <= 1000; k++) {
            h += Math.pow(k, -1.08);
        }
        assertEquals(1 / h, z.probability(1), 1e-12);
        assertEquals(Math.pow(10, -1.08) / h, z.probability(10), 1e-12);

        SplitMix64 r = new SplitMix64(3);
        int n = 500_000;
        int ones = 0;
        int tens = 0;
        for (int i = 0; i < n; i++) {
            long k = z.next(r);
            assertTrue(k >= 1 && k <= 1000, "key " + k);
            if (k == 1) {
                ones++;
            } else if (k == 10) {
                tens++;
            }
        }
        assertEquals(z.probability(1), (double) ones / n, 0.003);
        assertEquals(z.probability(10), (double) tens / n, 0.001);
    }

    /**
     * The first 20 ranks' frequencies against their exact probabilities, for Noria's exponent and
     * sysbench's zipfian one (below 1): each within 4 standard errors of a binomial count.
     */
    @Test
    void zipfRankFrequenciesMatchTheDistribution() {
        for (double s : new double[] {1.08, 0.8, 1.0, 2.5}) {
            ZipfDistribution z = new ZipfDistribution(10_000, s);
            SplitMix64 r = new SplitMix64(11);
            int draws = 1_000_000;
            long[] counts = new long[21];
            for (int i = 0; i < draws; i++) {
                long k = z.next(r);
                assertTrue(k >= 1 && k <= 10_000, "key " + k);
                if (k <= 20) {
                    counts[(int) k]++;
                }
            }
            for (int k = 1; k <= 20; k++) {
                double p = z.probability(k);
                double sigma = Math.sqrt(draws * p * (1 - p));
                assertEquals(draws * p, counts[k], 4 * sigma, "s " + s + ", rank " + k);
            }
        }
    }

    /** A billion keys cost no memory (a table would be 8 GB), and the same seed gives the same keys. */
    @Test
    void zipfOverABillionKeysIsConstantMemoryAndRepeatable() {
        ZipfDistribution z = new ZipfDistribution(1_000_000_000L, 1.08);
        SplitMix64 a = new SplitMix64(42);
        SplitMix64 b = new SplitMix64(42);
        long max = 0;
        for (int i = 0; i < 100_000; i++) {
            long k = z.next(a);
            assertEquals(k, z.next(b));
            assertTrue(k >= 1 && k <= 1_000_000_000L, "key " + k);
            max = Math.max(max, k);
        }
        assertTrue(max > 1_000_000, "the tail is reached: largest key " + max);
        assertEquals(1, new ZipfDistribution(1, 1.08).next(a), "one key");
    }

    @Test
    void uniformKeysCoverOneToN() {
        KeyDistribution u = KeyDistribution.uniform(3);
        SplitMix64 r = new SplitMix64(9);
        boolean[] seen = new boolean[4];
        for (int i = 0; i < 100; i++) {
            seen[(int) u.next(r)] = true;
        }
        assertTrue(seen[1] && seen[2] && seen[3] && !seen[0]);
    }
}
