package dev.bench.workloads.pgbench;

import org.junit.jupiter.api.Test;

import java.util.HashSet;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The random functions give pgbench's distributions: each test compares a sample with the theory. */
class DistributionsTest {

    private static final int DRAWS = 400_000;

    @Test
    void uniformCoversItsInclusiveRangeEvenly() {
        PgPrng r = new PgPrng(1);
        long[] counts = new long[10];
        for (int i = 0; i < DRAWS; i++) {
            long v = Distributions.uniform(r, -3, 6);
            assertTrue(v >= -3 && v <= 6, "v " + v);
            counts[(int) (v + 3)]++;
        }
        for (long c : counts) {
            assertEquals(DRAWS / 10.0, c, DRAWS / 10.0 * 0.02);
        }
    }

    /** Truncated exponential on [0, 1): mean 1/p - e^-p / (1 - e^-p); the integer value floors n * t. */
    @Test
    void exponentialHasTheTruncatedExponentialsMean() {
        double p = 5;
        long n = 10_000;
        PgPrng r = new PgPrng(2);
        double sum = 0;
        for (int i = 0; i < DRAWS; i++) {
            long v = Distributions.exponential(r, 1, n, p);
            assertTrue(v >= 1 && v <= n);
            sum += v - 1;
        }
        double expected = n * (1 / p - Math.exp(-p) / (1 - Math.exp(-p))) - 0.5;
        assertEquals(expected, sum / DRAWS, expected * 0.01);
    }

    /** pgbench's docs: about 67 % of draws fall in the middle 1/parameter of the range (one standard deviation). */
    @Test
    void gaussianPutsOneStandardDeviationInTheMiddleOneOverParameter() {
        double p = 4;
        long n = 100_000;
        PgPrng r = new PgPrng(3);
        int middle = 0;
        for (int i = 0; i < DRAWS; i++) {
            long v = Distributions.gaussian(r, 1, n, p);
            assertTrue(v >= 1 && v <= n);
            if (Math.abs(v - 1 - n / 2.0) < n / (2 * p)) {
                middle++;
            }
        }
        // P(|z| < 1) / P(|z| < 4) for the standard normal
        assertEquals(0.682689 / 0.999937, middle / (double) DRAWS, 0.005);
    }

    @Test
    void zipfianRanksHaveFrequenciesProportionalToRankToTheMinusS() {
        double s = 1.5;
        int n = 1000;
        PgPrng r = new PgPrng(4);
        long[] counts = new long[n + 1];
        for (int i = 0; i < DRAWS; i++) {
            long v = Distributions.zipfian(r, 1, n, s);
            assertTrue(v >= 1 && v <= n);
            counts[(int) v]++;
        }
        double harmonic = 0;
        for (int k = 1; k <= n; k++) {
            harmonic += Math.pow(k, -s);
        }
        for (int k : new int[]{1, 2, 3, 5, 10}) {
            double expected = DRAWS * Math.pow(k, -s) / harmonic;
            assertEquals(expected, counts[k], expected * 0.05 + 30, "rank " + k);
        }
    }

    @Test
    void zipfianWithAnOffsetStartsAtMin() {
        PgPrng r = new PgPrng(5);
        long min = Long.MAX_VALUE;
        for (int i = 0; i < 10_000; i++) {
            min = Math.min(min, Distributions.zipfian(r, 100, 200, 2.0));
        }
        assertEquals(100, min);
    }

    @Test
    void permuteIsAPermutationOfEverySize() {
        for (long size = 1; size <= 300; size++) {
            for (long seed : new long[]{0, 1, -5, 5432, Long.MAX_VALUE}) {
                Set<Long> seen = new HashSet<>();
                for (long i = 0; i < size; i++) {
                    long v = Hashes.permute(i, size, seed);
                    assertTrue(v >= 0 && v < size, "permute(" + i + ", " + size + ", " + seed + ") = " + v);
                    seen.add(v);
                }
                assertEquals(size, seen.size(), "size " + size + " seed " + seed);
            }
        }
    }

    @Test
    void permuteMovesMostValues() {
        int fixed = 0;
        for (long i = 0; i < 1000; i++) {
            if (Hashes.permute(i, 1000, 42) == i) {
                fixed++;
            }
        }
        assertTrue(fixed < 20, fixed + " fixed points of 1000");
    }
}
