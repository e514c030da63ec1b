package dev.bench.workloads.ycsb;

import dev.bench.core.random.SplitMix64;

/**
 * YCSB's zipfian generator over [min, max] (Gray et al.'s "Quickly generating billion-record synthetic
 * databases"): rank 0 most popular, with constant theta. The item count may grow between draws
 * ({@link #next(SplitMix64, long)}, for {@code latest}); zeta then grows incrementally from where it was,
 * and eta is recomputed with the original item count, as YCSB does.
 *
 * <p>Threading: any thread; a growth swaps one immutable {@link State} under a lock.
 */
public final class Zipfian implements LongGenerator {

    public static final double THETA = 0.99;

    private final long items;
    private final long base;
    private final double theta;
    private final double zeta2theta;
    private final double alpha;
    private volatile State state;

    private record State(long countForZeta, double zetan, double eta) {
    }

    /** Over [min, max] with theta 0.99, zeta computed over max - min + 1 items. */
    public Zipfian(long min, long max) {
        this(min, max, THETA, zeta(0, max - min + 1, THETA, 0));
    }

    /** With a precomputed zeta of the item count (the scrambled generator's 10^10 items). */
    public Zipfian(long min, long max, double theta, double zetan) {
        this.items = max - min + 1;
        this.base = min;
        this.theta = theta;
        this.zeta2theta = zeta(0, 2, theta, 0);
        this.alpha = 1.0 / (1.0 - theta);
        this.state = new State(items, zetan, eta(zetan));
    }

    static double zeta(long from, long n, double theta, double initialSum) {
        double sum = initialSum;
        for (long i = from; i < n; i++) {
            sum += 1 / Math.pow(i + 1, theta);
        }
        return sum;
    }

    private double eta(double zetan) {
        return (1 - Math.pow(2.0 / items, 1 - theta)) / (1 - zeta2theta / zetan);
    }

    @Override
    public long next(SplitMix64 random) {
        return next(random, items);
    }

    /** A draw over {@code itemCount} items from the base (more than at construction: zeta grows). */
    public long next(SplitMix64 random, long itemCount) {
        State s = state;
        if (itemCount > s.countForZeta) {
            s = grow(itemCount);
        }
        double u = random.nextDouble();
        double uz = u * s.zetan;
        if (uz < 1.0) {
            return base;
        }
        if (uz < 1.0 + Math.pow(0.5, theta)) {
            return base + 1;
        }
        return base + (long) (itemCount * Math.pow(s.eta * u - s.eta + 1, alpha));
    }

    private synchronized State grow(long itemCount) {
        State s = state;
        if (itemCount > s.countForZeta) {
            double zetan = zeta(s.countForZeta, itemCount, theta, s.zetan);
            s = new State(itemCount, zetan, eta(zetan));
            state = s;
        }
        return s;
    }
}
