package dev.bench.workloads.ycsb;

import dev.bench.core.random.SplitMix64;

import java.util.concurrent.atomic.AtomicLong;

/**
 * Which record an op reads, updates or scans from, by YCSB's {@code requestdistribution}: a draw that
 * lands on a record whose insert has not finished ({@link AcknowledgedCounter#last}) is drawn again;
 * {@code exponential} counts back from the last inserted record.
 *
 * <p>Threading: any thread ({@code sequential}'s counter is shared, as YCSB's is).
 */
public final class KeyChooser {

    private final CoreConfig config;
    private final AcknowledgedCounter inserted;
    private final LongGenerator forward;
    private final Zipfian latest;
    private final double exponentialGamma;

    public KeyChooser(CoreConfig config, AcknowledgedCounter inserted) {
        this.config = config;
        this.inserted = inserted;
        long first = config.insertStart();
        long last = first + config.insertCount() - 1;
        this.latest = config.requestDistribution().equals("latest") ? new Zipfian(0, inserted.last() - 1) : null;
        this.exponentialGamma = -Math.log(1.0 - config.exponentialPercentile() / 100.0)
                / (config.recordCount() * config.exponentialFrac());
        this.forward = switch (config.requestDistribution()) {
            case "uniform" -> LongGenerator.uniform(first, last);
            case "zipfian" -> new ScrambledZipfian(first, config.zipfianMax());
            case "hotspot" -> hotspot(first, last, config.hotspotDataFraction(), config.hotspotOpnFraction());
            case "sequential" -> sequential(first, last);
            default -> null; // latest and exponential count back from the last insert
        };
    }

    /** The next record number for a read, update, scan or read-modify-write. */
    public long next(SplitMix64 random) {
        long keynum;
        switch (config.requestDistribution()) {
            case "latest" -> {
                long max = inserted.last();
                keynum = max - latest.next(random, max);
            }
            case "exponential" -> {
                do {
                    keynum = inserted.last() - (long) (-Math.log(random.nextDouble()) / exponentialGamma);
                } while (keynum < 0);
            }
            default -> {
                do {
                    keynum = forward.next(random);
                } while (keynum > inserted.last());
            }
        }
        return keynum;
    }

    /**
     * YCSB's hotspot: a share {@code opnFraction} of draws goes to the first {@code dataFraction} of the
     * range, the rest to the remainder, each uniform.
     */
    static LongGenerator hotspot(long lower, long upper, double dataFraction, double opnFraction) {
        long interval = upper - lower + 1;
        long hot = (long) (interval * dataFraction);
        long cold = interval - hot;
        return random -> {
            if (random.nextDouble() < opnFraction && hot > 0) {
                return lower + random.nextLong(hot);
            }
            return lower + hot + random.nextLong(Math.max(cold, 1));
        };
    }

    /** The range in order, then again from the start: one counter over all ops. */
    static LongGenerator sequential(long first, long last) {
        AtomicLong counter = new AtomicLong();
        long interval = last - first + 1;
        return random -> first + counter.getAndIncrement() % interval;
    }
}
