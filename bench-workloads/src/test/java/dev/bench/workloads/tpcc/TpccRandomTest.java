package dev.bench.workloads.tpcc;

import dev.bench.core.random.SplitMix64;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class TpccRandomTest {

    @Test
    void runTimeLastNameConstantDiffersFromTheLoadOneAsClause2161Requires() {
        int delta = Math.abs(TpccRandom.C_LAST_RUN - TpccRandom.C_LAST_LOAD);
        assertTrue(delta >= 65 && delta <= 119 && delta != 96 && delta != 112, "delta " + delta);
    }

    @Test
    void lastNamesAreThreeSyllablesByDigit() {
        assertEquals("BARBARBAR", TpccRandom.lastName(0));
        assertEquals("OUGHTABLEPRI", TpccRandom.lastName(123));
        assertEquals("EINGEINGEING", TpccRandom.lastName(999));
    }

    @Test
    void nuRandStaysInRangeAndIsSkewed() {
        SplitMix64 r = new SplitMix64(1);
        int[] hits = new int[3001];
        for (int i = 0; i < 300_000; i++) {
            int c = TpccRandom.customerId(r);
            assertTrue(c >= 1 && c <= 3000, "customer id " + c);
            hits[c]++;
        }
        int max = 0;
        for (int h : hits) {
            max = Math.max(max, h);
        }
        assertTrue(max > 3 * 100, "NURand's hottest id should be drawn far more than the uniform 100 times: " + max);
    }

    @Test
    void aStringsHaveTheAskedLengthAndEveryCharacterOccurs() {
        SplitMix64 r = new SplitMix64(7);
        boolean[] seen = new boolean[128];
        for (int i = 0; i < 2000; i++) {
            String s = TpccRandom.aString(r, 24, 24);
            assertEquals(24, s.length());
            s.chars().forEach(ch -> seen[ch] = true);
        }
        String expected = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
        for (int ch = 0; ch < 128; ch++) {
            assertEquals(expected.indexOf(ch) >= 0, seen[ch], "character " + (char) ch);
        }
    }

    @Test
    void aTenthOfDataFieldsSayOriginal() {
        SplitMix64 r = new SplitMix64(3);
        int original = 0;
        for (int i = 0; i < 10_000; i++) {
            String s = TpccRandom.data(r);
            assertTrue(s.length() >= 26 && s.length() <= 50, s);
            if (s.contains("ORIGINAL")) {
                original++;
            }
        }
        assertTrue(original > 850 && original < 1150, "ORIGINAL in " + original + " of 10000");
    }
}
