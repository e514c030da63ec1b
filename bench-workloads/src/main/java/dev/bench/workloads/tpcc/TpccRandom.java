package dev.bench.workloads.tpcc;

import dev.bench.core.random.SplitMix64;

/**
 * TPC-C's random functions (clause 2.1.6 and 4.3.2) over a {@link SplitMix64}.
 *
 * <p>NURand's constant C is fixed for a run, as the standard requires (sysbench-tpcc draws a new C on
 * every call, which flattens the skew). The run-time C for last names differs from the load-time one
 * by 66, inside the standard's allowed 65..119 and not 96 or 112 (clause 2.1.6.1).
 *
 * <p>Threading: stateless; each caller brings its own generator.
 */
final class TpccRandom {

    static final int C_LAST_LOAD = 157;
    static final int C_LAST_RUN = (C_LAST_LOAD + 66) % 256;
    static final int C_ID = 259;
    static final int C_OL_I_ID = 7911;

    private static final String[] SYLLABLES = {"BAR", "OUGHT", "ABLE", "PRI", "PRES", "ESE", "ANTI", "CALLY", "ATION", "EING"};
    private static final char[] ALPHANUMERIC = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz".toCharArray();

    private TpccRandom() {
    }

    /** Uniform in [min, max], both inclusive, as the standard writes its ranges. */
    static int uniform(SplitMix64 r, int min, int max) {
        return min + r.nextInt(max - min + 1);
    }

    /** NURand(A, x, y) of clause 2.1.6 with this run's C for A. */
    static int nuRand(SplitMix64 r, int a, int x, int y, int c) {
        return ((uniform(r, 0, a) | uniform(r, x, y)) + c) % (y - x + 1) + x;
    }

    /** A customer id for a transaction: NURand(1023, 1, 3000). */
    static int customerId(SplitMix64 r) {
        return nuRand(r, 1023, 1, 3000, C_ID);
    }

    /** An item id for New-Order: NURand(8191, 1, 100000). */
    static int itemId(SplitMix64 r) {
        return nuRand(r, 8191, 1, 100_000, C_OL_I_ID);
    }

    /** A last name for a by-name lookup at run time: number NURand(255, 0, 999). */
    static String runLastName(SplitMix64 r) {
        return lastName(nuRand(r, 255, 0, 999, C_LAST_RUN));
    }

    /** The last name for number 0..999: three syllables, one per decimal digit (clause 4.3.2.3). */
    static String lastName(int number) {
        return SYLLABLES[number / 100] + SYLLABLES[number / 10 % 10] + SYLLABLES[number % 10];
    }

    /**
     * Random alphanumeric string of length min..max (a-string). Takes up to ten characters from each
     * 64-bit draw, six bits each, skipping the two values beyond the 62 characters so every character
     * stays equally likely: the loader draws about 50 million characters per warehouse.
     */
    static String aString(SplitMix64 r, int min, int max) {
        int n = uniform(r, min, max);
        char[] s = new char[n];
        int i = 0;
        while (i < n) {
            long bits = r.nextLong();
            for (int k = 0; k < 10 && i < n; k++, bits >>>= 6) {
                int v = (int) (bits & 63);
                if (v < ALPHANUMERIC.length) {
                    s[i++] = ALPHANUMERIC[v];
                }
            }
        }
        return new String(s);
    }

    /** Random digits, length min..max (n-string). */
    static String nString(SplitMix64 r, int min, int max) {
        int n = uniform(r, min, max);
        char[] s = new char[n];
        for (int i = 0; i < n; i++) {
            s[i] = (char) ('0' + r.nextInt(10));
        }
        return new String(s);
    }

    /** Zip code: four random digits then "11111" (clause 4.3.2.7). */
    static String zip(SplitMix64 r) {
        return nString(r, 4, 4) + "11111";
    }

    /** Two random upper-case letters. */
    static String state(SplitMix64 r) {
        return new String(new char[] {(char) ('A' + r.nextInt(26)), (char) ('A' + r.nextInt(26))});
    }

    /** i_data / s_data: a-string 26..50, in 10% of rows with "ORIGINAL" at a random position (4.3.3.1). */
    static String data(SplitMix64 r) {
        String s = aString(r, 26, 50);
        if (r.nextInt(10) != 0) {
            return s;
        }
        int at = r.nextInt(s.length() - 8 + 1);
        return s.substring(0, at) + "ORIGINAL" + s.substring(at + 8);
    }
}
