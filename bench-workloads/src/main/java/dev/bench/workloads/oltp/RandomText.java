package dev.bench.workloads.oltp;

import dev.bench.core.random.SplitMix64;

/**
 * sysbench's c and pad values: groups of 11 random digits joined by '-' (c: ten groups, 119 chars;
 * pad: five, 59 chars). Writes into caller-owned buffers so loading allocates nothing per row.
 */
final class RandomText {

    static final int C_GROUPS = 10;
    static final int PAD_GROUPS = 5;
    private static final int GROUP = 11;

    private RandomText() {
    }

    static int length(int groups) {
        return groups * GROUP + groups - 1;
    }

    /** Writes {@link #length}(groups) ASCII bytes at {@code at}; returns the position after them. */
    static int write(SplitMix64 random, int groups, byte[] into, int at) {
        int p = at;
        for (int g = 0; g < groups; g++) {
            if (g > 0) {
                into[p++] = '-';
            }
            // one 64-bit draw yields 11 decimal digits with room to spare (10^11 < 2^37)
            long digits = random.nextLong(100_000_000_000L);
            for (int i = GROUP - 1; i >= 0; i--) {
                into[p + i] = (byte) ('0' + digits % 10);
                digits /= 10;
            }
            p += GROUP;
        }
        return p;
    }

    static String of(SplitMix64 random, int groups) {
        byte[] b = new byte[length(groups)];
        write(random, groups, b, 0);
        return new String(b, java.nio.charset.StandardCharsets.US_ASCII);
    }
}
