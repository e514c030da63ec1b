package dev.bench.workloads.vote;

import java.util.Arrays;

/**
 * A write batch's votes per article: the distinct ids, sorted, and how many votes each got (a batch
 * may vote for the same article twice). Backends that raise counts per article (SQL, memcached) add
 * each article's tally once.
 *
 * <p>Threading: one per session, reused for every batch (grows to the largest batch, then allocates
 * nothing).
 */
final class VoteTally {

    private long[] sorted;
    private long[] distinct;
    private int[] votes;
    private int size;

    VoteTally(int capacity) {
        sorted = new long[capacity];
        distinct = new long[capacity];
        votes = new int[capacity];
    }

    /** Tallies {@code ids[0..n)}; returns how many distinct ids. */
    int tally(long[] ids, int n) {
        if (sorted.length < n) {
            sorted = new long[n];
            distinct = new long[n];
            votes = new int[n];
        }
        System.arraycopy(ids, 0, sorted, 0, n);
        Arrays.sort(sorted, 0, n);
        int d = 0;
        for (int i = 0; i < n; i++) {
            if (d > 0 && distinct[d - 1] == sorted[i]) {
                votes[d - 1]++;
            } else {
                distinct[d] = sorted[i];
                votes[d] = 1;
                d++;
            }
        }
        size = d;
        return d;
    }

    /** The i-th distinct article of the last tally, in ascending order. */
    long article(int i) {
        return distinct[checked(i)];
    }

    /** Votes the i-th distinct article got in the last tally. */
    int votes(int i) {
        return votes[checked(i)];
    }

    private int checked(int i) {
        if (i < 0 || i >= size) {
            throw new IndexOutOfBoundsException("article " + i + " of a tally of " + size);
        }
        return i;
    }
}
