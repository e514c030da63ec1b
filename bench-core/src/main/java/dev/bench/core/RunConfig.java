package dev.bench.core;

import dev.bench.core.engine.Arrivals;

import java.time.Duration;

/**
 * One phase of load, validated once and immutable: how many workers, open or closed loop, how long.
 *
 * <p>Open loop when {@code targetOpsPerSec > 0}: ops arrive on a seeded schedule whatever the backend
 * does, and latency is measured from each op's scheduled arrival. Closed loop when it is 0: each worker
 * starts its next op as soon as the previous one returns.
 */
public final class RunConfig {

    private final int threads;
    private final double targetOpsPerSec;
    private final Arrivals arrivals;
    private final Duration warmup;
    private final Duration duration;
    private final Duration reportInterval;
    private final long seed;
    private final Duration maxLag;
    private final int maxRetries;
    private final Duration reconnectTimeout;

    private RunConfig(Builder b) {
        this.threads = b.threads;
        this.targetOpsPerSec = b.targetOpsPerSec;
        this.arrivals = b.arrivals;
        this.warmup = b.warmup;
        this.duration = b.duration;
        this.reportInterval = b.reportInterval;
        this.seed = b.seed;
        this.maxLag = b.maxLag;
        this.maxRetries = b.maxRetries;
        this.reconnectTimeout = b.reconnectTimeout;
    }

    public static Builder builder() {
        return new Builder();
    }

    public int threads() {
        return threads;
    }

    public boolean isOpenLoop() {
        return targetOpsPerSec > 0;
    }

    /** Total offered load across kinds; 0 in closed loop. */
    public double targetOpsPerSec() {
        return targetOpsPerSec;
    }

    public Arrivals arrivals() {
        return arrivals;
    }

    public Duration warmup() {
        return warmup;
    }

    public Duration duration() {
        return duration;
    }

    public Duration reportInterval() {
        return reportInterval;
    }

    public long seed() {
        return seed;
    }

    /** The run stops early ("fell too far behind") once the oldest waiting op is later than this. */
    public Duration maxLag() {
        return maxLag;
    }

    public int maxRetries() {
        return maxRetries;
    }

    public Duration reconnectTimeout() {
        return reconnectTimeout;
    }

    /** Defaults are Noria's where it has one (4 threads, 10 s warmup, 30 s runtime). */
    public static final class Builder {
        private int threads = 4;
        private double targetOpsPerSec;
        private Arrivals arrivals = Arrivals.POISSON;
        private Duration warmup = Duration.ofSeconds(10);
        private Duration duration = Duration.ofSeconds(30);
        private Duration reportInterval = Duration.ofSeconds(1);
        private long seed = 42;
        private Duration maxLag = Duration.ofSeconds(10);
        private int maxRetries = 10;
        private Duration reconnectTimeout = Duration.ofSeconds(10);

        public Builder threads(int threads) {
            this.threads = threads;
            return this;
        }

        /** 0 means closed loop. */
        public Builder targetOpsPerSec(double target) {
            this.targetOpsPerSec = target;
            return this;
        }

        public Builder arrivals(Arrivals arrivals) {
            this.arrivals = arrivals;
            return this;
        }

        public Builder warmup(Duration warmup) {
            this.warmup = warmup;
            return this;
        }

        public Builder duration(Duration duration) {
            this.duration = duration;
            return this;
        }

        public Builder reportInterval(Duration reportInterval) {
            this.reportInterval = reportInterval;
            return this;
        }

        public Builder seed(long seed) {
            this.seed = seed;
            return this;
        }

        public Builder maxLag(Duration maxLag) {
            this.maxLag = maxLag;
            return this;
        }

        public Builder maxRetries(int maxRetries) {
            this.maxRetries = maxRetries;
            return this;
        }

        public Builder reconnectTimeout(Duration reconnectTimeout) {
            this.reconnectTimeout = reconnectTimeout;
            return this;
        }

        /** @throws BenchException naming the setting, its value and what is allowed */
        public RunConfig build() {
            require(threads >= 1 && threads <= 10_000, "threads must be 1..10000, got " + threads);
            require(targetOpsPerSec >= 0 && !Double.isInfinite(targetOpsPerSec),
                    "target must be a positive rate in ops/s, got " + targetOpsPerSec);
            require(arrivals != null, "arrivals must be set");
            require(!warmup.isNegative(), "warmup must be >= 0, got " + warmup.toSeconds() + " s");
            require(duration.toMillis() > 0, "runtime must be > 0, got " + duration.toMillis() + " ms");
            require(reportInterval.toMillis() >= 10, "report interval must be >= 10 ms, got " + reportInterval.toMillis() + " ms");
            require(maxLag.toMillis() > 0, "max lag must be > 0, got " + maxLag.toMillis() + " ms");
            require(maxRetries >= 0, "max retries must be >= 0, got " + maxRetries);
            require(!reconnectTimeout.isNegative(), "reconnect timeout must be >= 0");
            return new RunConfig(this);
        }

        private static void require(boolean ok, String message) {
            if (!ok) {
                throw new BenchException(message);
            }
        }
    }
}
