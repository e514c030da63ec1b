package dev.bench.workloads.tao;

import dev.bench.core.random.SplitMix64;

/** TAOBench's row values: 150 random lowercase letters. */
final class TaoValues {

    static final int LENGTH = 150;
    private static final int LETTERS_PER_LONG = 13; // 26^13 < 2^63

    private TaoValues() {
    }

    /** Fills {@code buffer} (at least {@value #LENGTH} long) and returns it as a string. */
    static String next(SplitMix64 random, char[] buffer) {
        int i = 0;
        while (i < LENGTH) {
            long bits = random.nextLong() >>> 1;
            for (int j = 0; j < LETTERS_PER_LONG && i < LENGTH; j++, i++) {
                buffer[i] = (char) ('a' + bits % 26);
                bits /= 26;
            }
        }
        return new String(buffer, 0, LENGTH);
    }
}
