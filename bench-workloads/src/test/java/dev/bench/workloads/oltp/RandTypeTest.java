package dev.bench.workloads.oltp;

import dev.bench.core.BenchException;
import dev.bench.core.random.KeyDistribution;
import dev.bench.core.random.SplitMix64;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class RandTypeTest {

    private static final int N = 100_000;
    private static final int DRAWS = 200_000;

    @Test
    void specialPutsThreeDrawsInFourInTheMiddlePercent() {
        KeyDistribution ids = RandType.SPECIAL.over(N);
        SplitMix64 random = new SplitMix64(1);
        int middle = 0;
        for (int i = 0; i < DRAWS; i++) {
            long id = ids.next(random);
            assertTrue(id >= 1 && id <= N, "id " + id);
            if (id >= N / 2 - N / 200 && id <= N / 2 + N / 200 + 1) {
                middle++;
            }
        }
        // 75 % by construction plus the gaussian part's share of that band (~1.4 % of 25 %)
        double share = middle / (double) DRAWS;
        assertTrue(share > 0.74 && share < 0.78, "share in the middle 1 %: " + share);
    }

    @Test
    void uniformCoversTheRangeEvenly() {
        KeyDistribution ids = RandType.UNIFORM.over(10);
        SplitMix64 random = new SplitMix64(2);
        int[] seen = new int[11];
        for (int i = 0; i < DRAWS; i++) {
            seen[(int) ids.next(random)]++;
        }
        assertEquals(0, seen[0]);
        for (int id = 1; id <= 10; id++) {
            assertTrue(Math.abs(seen[id] - DRAWS / 10) < DRAWS / 100, "id " + id + " drawn " + seen[id]);
        }
    }

    @Test
    void gaussianParetoAndZipfianStayInRangeWithTheirShape() {
        SplitMix64 random = new SplitMix64(3);
        double gaussianSum = 0;
        long paretoLowFifth = 0;
        long zipfOne = 0;
        for (int i = 0; i < DRAWS; i++) {
            long g = RandType.draw(RandType.GAUSSIAN, random, 1, N);
            long p = RandType.draw(RandType.PARETO, random, 1, N);
            assertTrue(g >= 1 && g <= N && p >= 1 && p <= N);
            gaussianSum += g;
            paretoLowFifth += p <= N / 5 ? 1 : 0;
        }
        KeyDistribution zipf = RandType.ZIPFIAN.over(N);
        for (int i = 0; i < DRAWS; i++) {
            zipfOne += zipf.next(random) == 1 ? 1 : 0;
        }
        assertEquals(N / 2.0, gaussianSum / DRAWS, N * 0.01);
        // pareto h=0.2: 80 % of draws in the lowest 20 %
        assertEquals(0.8, paretoLowFifth / (double) DRAWS, 0.01);
        assertTrue(zipfOne > DRAWS / 1000, "id 1 is the hottest zipfian key: " + zipfOne);
    }

    @Test
    void anUnknownNameIsOneLineNamingTheChoices() {
        BenchException e = assertThrows(BenchException.class, () -> RandType.parse("--rand-type", "normal"));
        assertEquals("--rand-type must be one of uniform, gaussian, special, pareto, zipfian, got 'normal'", e.getMessage());
        assertEquals(RandType.SPECIAL, RandType.parse("--rand-type", "Special"));
    }

    @Test
    void textHasSysbenchsShape() {
        SplitMix64 random = new SplitMix64(4);
        assertTrue(RandomText.of(random, RandomText.C_GROUPS).matches("(\\d{11}-){9}\\d{11}"));
        assertEquals(59, RandomText.of(random, RandomText.PAD_GROUPS).length());
        byte[] b = new byte[12];
        assertEquals(10, TableRows.writeDecimal(1234567890L, b, 0));
        assertEquals("1234567890", new String(b, 0, 10));
        assertEquals(1, TableRows.writeDecimal(0, b, 0));
        assertEquals('0', b[0]);
    }
}
