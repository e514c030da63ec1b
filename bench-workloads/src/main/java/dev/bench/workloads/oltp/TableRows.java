package dev.bench.workloads.oltp;

import dev.bench.core.random.KeyDistribution;
import dev.bench.core.random.SplitMix64;

/**
 * The rows sysbench's prepare puts in one table: ids 1..size in order, k drawn by --rand-type over
 * 1..size, random c and pad. Seeded per table, so a table's content depends only on (seed, table).
 *
 * <p>Not thread-safe: one per loading thread.
 */
final class TableRows {

    private final SplitMix64 random;
    private final KeyDistribution keys;
    private final int size;
    private int nextId = 1;

    TableRows(long seed, int tableNumber, int size, RandType randType) {
        this.random = new SplitMix64(SplitMix64.mix(seed ^ (0x5b7e57L * tableNumber)));
        this.keys = randType.over(size);
        this.size = size;
    }

    boolean hasNext() {
        return nextId <= size;
    }

    int size() {
        return size;
    }

    /** Advances to the next row; returns its id. Then read {@link #k} and write c and pad. */
    int next() {
        return nextId++;
    }

    long k() {
        return keys.next(random);
    }

    int writeC(byte[] into, int at) {
        return RandomText.write(random, RandomText.C_GROUPS, into, at);
    }

    int writePad(byte[] into, int at) {
        return RandomText.write(random, RandomText.PAD_GROUPS, into, at);
    }

    /** Longest row as COPY text: two 10-digit ints, c, pad, three tabs and a newline. */
    static final int MAX_COPY_LINE = 10 + 10 + RandomText.length(RandomText.C_GROUPS)
            + RandomText.length(RandomText.PAD_GROUPS) + 4;

    /** The next row as one line of COPY text format; returns the position after it. */
    int writeCopyLine(byte[] into, int at) {
        int p = writeDecimal(next(), into, at);
        into[p++] = '\t';
        p = writeDecimal(k(), into, p);
        into[p++] = '\t';
        p = writeC(into, p);
        into[p++] = '\t';
        p = writePad(into, p);
        into[p++] = '\n';
        return p;
    }

    /** The next row as an SQL VALUES tuple, {@code (id,k,'c','pad')}; returns the position after it. */
    int writeValuesTuple(byte[] into, int at) {
        int p = at;
        into[p++] = '(';
        p = writeDecimal(next(), into, p);
        into[p++] = ',';
        p = writeDecimal(k(), into, p);
        into[p++] = ',';
        into[p++] = '\'';
        p = writeC(into, p);
        into[p++] = '\'';
        into[p++] = ',';
        into[p++] = '\'';
        p = writePad(into, p);
        into[p++] = '\'';
        into[p++] = ')';
        return p;
    }

    static int writeDecimal(long value, byte[] into, int at) {
        int digits = 1;
        for (long v = value; v >= 10; v /= 10) {
            digits++;
        }
        long v = value;
        for (int i = at + digits - 1; i >= at; i--) {
            into[i] = (byte) ('0' + v % 10);
            v /= 10;
        }
        return at + digits;
    }
}
