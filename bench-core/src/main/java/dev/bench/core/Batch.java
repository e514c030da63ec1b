package dev.bench.core;

import dev.bench.core.random.SplitMix64;

/**
 * The ops one worker hands to its {@link Session} in one call: all of one kind, each with its op index
 * and intended start time.
 *
 * <p>Each op's randomness comes from {@link #random(int)}, seeded from (run seed, kind, op index), so an
 * op draws the same keys whichever worker serves it and whenever.
 *
 * <p>Threading: owned by one worker thread and reused for every batch it serves (nothing is allocated
 * per op). The mutators {@link #clear} and {@link #add} are for the engine.
 */
public final class Batch {

    /** {@link #phase}: an op intended before the measured window. */
    public static final int WARMUP = 0;
    /** {@link #phase}: an op intended in the measured window. */
    public static final int MEASURED = 1;
    private static final boolean[] IS_MEASURED = {false, true};

    private final long runSeed;
    private final SplitMix64 random = new SplitMix64(0);
    private final long[] opIndex;
    private final long[] intendedNanos;
    private final boolean[] rejected;
    /** Per op, the host that serves it, when the session named them ({@link #servedBy}); else unused. */
    private final int[] opHosts;
    private boolean hostsPerOp;
    private final long windowStartNanos;
    private int kind;
    private int size;
    private int rejectedCount;

    public Batch(long runSeed, int capacity) {
        this(runSeed, capacity, Long.MIN_VALUE);
    }

    /** @param windowStartNanos where the measured window begins ({@link System#nanoTime()} scale); ops before it are warmup */
    public Batch(long runSeed, int capacity, long windowStartNanos) {
        this.runSeed = runSeed;
        this.opIndex = new long[capacity];
        this.intendedNanos = new long[capacity];
        this.rejected = new boolean[capacity];
        this.opHosts = new int[capacity];
        this.windowStartNanos = windowStartNanos;
    }

    /** Where the measured window begins ({@link System#nanoTime()} scale; {@code Long.MIN_VALUE} when not given). */
    public long windowStartNanos() {
        return windowStartNanos;
    }

    /** Index of this batch's kind in {@link Workload#kinds()}. */
    public int kind() {
        return kind;
    }

    public int size() {
        return size;
    }

    public int capacity() {
        return opIndex.length;
    }

    /** The generator for op i, freshly seeded: draw that op's keys from it before asking for another op's. */
    public SplitMix64 random(int i) {
        random.reseed(SplitMix64.seedFor(runSeed, kind, opIndex[checked(i)]));
        return random;
    }

    /** The op's position in its kind's sequence: 0, 1, 2, ... within a run. */
    public long opIndex(int i) {
        return opIndex[checked(i)];
    }

    /** When the op should have started ({@link System#nanoTime()} scale): its scheduled arrival. */
    public long intendedNanos(int i) {
        return intendedNanos[checked(i)];
    }

    /**
     * Whether op i counts in the results: it was due in the measured window, not in the warmup. The
     * engine decides the same way, so a workload's own counts (sysbench's statement counts) can match it.
     */
    public boolean isMeasured(int i) {
        return IS_MEASURED[phase(i)];
    }

    /** {@link #MEASURED} when op i counts in the results, else {@link #WARMUP}: an index, not a branch (see {@link #phaseOf}). */
    public int phase(int i) {
        return phaseOf(intendedNanos(i), windowStartNanos);
    }

    /**
     * {@link #MEASURED} when {@code intendedNanos >= windowStartNanos}, else {@link #WARMUP}, computed without
     * a branch. Why: the JIT compiles the hot path with the warmup's branch profile, in which no op was ever
     * measured, so a branch on it becomes a trap that sends every hot method back to the interpreter at the
     * window's first op. The first measured second then showed ms of latency the server never caused. Used
     * as an index (per-phase recorders, counters), the phase is the same code in warmup and window.
     */
    public static int phaseOf(long intendedNanos, long windowStartNanos) {
        long d = intendedNanos - windowStartNanos;
        // the sign of the difference, corrected where it overflowed (Hacker's Delight 2-12): 1 when before
        long before = (d ^ ((intendedNanos ^ windowStartNanos) & (d ^ intendedNanos))) >>> 63;
        return (int) (before ^ 1);
    }

    /**
     * Marks op i as an expected rejection (voter's "over the vote limit"): it completed, its latency
     * counts, but it is reported as rejected rather than accepted.
     */
    public void reject(int i) {
        if (!rejected[checked(i)]) {
            rejected[i] = true;
            rejectedCount++;
        }
    }

    public boolean isRejected(int i) {
        return rejected[checked(i)];
    }

    public int rejectedCount() {
        return rejectedCount;
    }

    /**
     * Names the host ({@code Hosts} number) that serves op i, for a session whose ops go to different servers
     * (a memcached pool: each key's server). Name every op's host before the call that may fail: the engine
     * then records (and counts failed) each op against its own host instead of {@code Session.host(kind)}.
     */
    public void servedBy(int i, int host) {
        opHosts[checked(i)] = host;
        hostsPerOp = true;
    }

    /** Whether the session named each op's host this batch ({@link #servedBy}). */
    public boolean hostsPerOp() {
        return hostsPerOp;
    }

    /** The host {@link #servedBy} named for op i. */
    public int opHost(int i) {
        return opHosts[checked(i)];
    }

    public void clear(int kind) {
        clearRejections();
        this.hostsPerOp = false;
        this.kind = kind;
        this.size = 0;
    }

    public void add(long index, long intended) {
        opIndex[size] = index;
        intendedNanos[size] = intended;
        size++;
    }

    public boolean isFull() {
        return size == opIndex.length;
    }

    /** Forgets rejections from a failed attempt before the batch is tried again. */
    public void clearRejections() {
        for (int i = 0; i < size; i++) {
            rejected[i] = false;
        }
        rejectedCount = 0;
    }

    private int checked(int i) {
        if (i < 0 || i >= size) {
            throw new IndexOutOfBoundsException("op " + i + " of a batch of " + size);
        }
        return i;
    }
}
