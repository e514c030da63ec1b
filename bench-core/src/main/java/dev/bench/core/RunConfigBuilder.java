package dev.bench.core;

import java.time.Duration;
import java.time.Instant;
import java.util.List;

/**
 * Builds a {@link RunConfig}, starting from the engine's neutral defaults ({@code RunConfig.DEFAULT_*});
 * closed loop. {@link #build} validates every value once, naming the setting, its value and what is allowed.
 */
public final class RunConfigBuilder {
    // package-private: RunConfig's constructor copies them
    int threads = RunConfig.DEFAULT_THREADS;
    double targetOpsPerSec;
    Arrivals arrivals = Arrivals.POISSON;
    Duration warmup = Duration.ZERO;
    Duration duration = Duration.ofSeconds(RunConfig.DEFAULT_DURATION_S);
    Duration reportInterval = Duration.ofSeconds(RunConfig.DEFAULT_REPORT_INTERVAL_S);
    long seed = RunConfig.DEFAULT_SEED;
    Duration maxLag = Duration.ofSeconds(RunConfig.DEFAULT_MAX_LAG_S);
    double pacingSpin = propertyOrNaN(RunConfig.PACING_SPIN_PROPERTY, "0");
    int maxRetries = RunConfig.DEFAULT_MAX_RETRIES;
    Duration reconnectTimeout = Duration.ofSeconds(RunConfig.DEFAULT_RECONNECT_TIMEOUT_S);
    long maxOps;
    long opsPerWorker;
    Instant startAt;
    Bursts bursts;
    Schedule schedule;
    WorkerSchedule workerSchedule;
    OpMix mix;
    int clients = 1;
    int clientId;

    public RunConfigBuilder threads(int threads) {
        this.threads = threads;
        return this;
    }

    /** 0 means closed loop. */
    public RunConfigBuilder targetOpsPerSec(double target) {
        this.targetOpsPerSec = target;
        return this;
    }

    public RunConfigBuilder arrivals(Arrivals arrivals) {
        this.arrivals = arrivals;
        return this;
    }

    public RunConfigBuilder warmup(Duration warmup) {
        this.warmup = warmup;
        return this;
    }

    public RunConfigBuilder duration(Duration duration) {
        this.duration = duration;
        return this;
    }

    public RunConfigBuilder reportInterval(Duration reportInterval) {
        this.reportInterval = reportInterval;
        return this;
    }

    public RunConfigBuilder seed(long seed) {
        this.seed = seed;
        return this;
    }

    /** A number from a JVM property; NaN when it is not one, which {@link #build} then refuses in one line. */
    private static double propertyOrNaN(String name, String otherwise) {
        try {
            return Double.parseDouble(System.getProperty(name, otherwise));
        } catch (NumberFormatException e) {
            return Double.NaN;
        }
    }

    /** {@link RunConfig#pacingSpin()}: 0 parks only; f > 0 spins f x the mean wake-up delay before each arrival. */
    public RunConfigBuilder pacingSpin(double factor) {
        this.pacingSpin = factor;
        return this;
    }

    public RunConfigBuilder maxLag(Duration maxLag) {
        this.maxLag = maxLag;
        return this;
    }

    public RunConfigBuilder maxRetries(int maxRetries) {
        this.maxRetries = maxRetries;
        return this;
    }

    public RunConfigBuilder reconnectTimeout(Duration reconnectTimeout) {
        this.reconnectTimeout = reconnectTimeout;
        return this;
    }

    /**
     * Each worker takes exactly {@code ops} measured ops, then stops (pgbench's {@code -t}: a count per
     * client, not a total that the fastest clients share out). At build, the op count becomes
     * {@code ops} x threads. 0: none.
     */
    public RunConfigBuilder opsPerWorker(long ops) {
        this.opsPerWorker = ops;
        return this;
    }

    /** 0: no count limit. */
    public RunConfigBuilder maxOps(long maxOps) {
        this.maxOps = maxOps;
        return this;
    }

    /** null: start now. */
    public RunConfigBuilder startAt(Instant startAt) {
        this.startAt = startAt;
        return this;
    }

    /** Client {@code id} (0-based) of {@code count} offers 1/count of the target from its own seed stream. */
    public RunConfigBuilder client(int id, int count) {
        this.clientId = id;
        this.clients = count;
        return this;
    }

    /** Offer load in bursts (erlvolt's rhythm) instead of an open or closed loop. */
    public RunConfigBuilder bursts(Bursts bursts) {
        this.bursts = bursts;
        return this;
    }

    /**
     * Offer load that follows {@code schedule} over the measured window (null: none). It decides the
     * rate and the window's length: at build, the target becomes its mean rate and the duration its
     * length, whatever was set.
     */
    public RunConfigBuilder schedule(Schedule schedule) {
        this.schedule = schedule;
        return this;
    }

    /**
     * Run a closed loop whose active workers follow {@code workers} over the measured window (null: none).
     * At build, the threads become its largest count and the duration its length, whatever was set.
     */
    public RunConfigBuilder workers(WorkerSchedule workers) {
        this.workerSchedule = workers;
        return this;
    }

    /** The op mix of named segments of the schedule (null: the workload's own throughout); see {@link OpMix}. */
    public RunConfigBuilder mix(OpMix mix) {
        this.mix = mix;
        return this;
    }

    /** @throws BenchException naming the setting, its value and what is allowed */
    public RunConfig build() {
        if (workerSchedule != null) {
            require(targetOpsPerSec == 0 && schedule == null && bursts == null, "a schedule of worker counts ("
                    + workerSchedule + ") is for a closed loop, and this run offers a rate or bursts; schedule rates"
                    + " in ops/s instead");
            threads = workerSchedule.maxWorkers();
            duration = Duration.ofNanos(Math.round(workerSchedule.seconds() * 1e9));
        }
        if (schedule != null) {
            require(bursts == null, "bursts and a schedule exclude each other");
            targetOpsPerSec = schedule.meanRate();
            duration = Duration.ofNanos(Math.round(schedule.seconds() * 1e9));
        }
        require(threads >= 1 && threads <= 10_000, "threads must be 1..10000, got " + threads);
        require(opsPerWorker >= 0, "op count per worker must be >= 0, got " + opsPerWorker);
        if (opsPerWorker > 0) {
            require(opsPerWorker <= Long.MAX_VALUE / threads, "op count per worker too large: " + opsPerWorker);
            maxOps = opsPerWorker * threads;
        }
        require(targetOpsPerSec >= 0 && !Double.isInfinite(targetOpsPerSec),
                "target must be a positive rate in ops/s, got " + targetOpsPerSec);
        require(arrivals != null, "arrivals must be set");
        require(!warmup.isNegative(), "warmup must be >= 0, got " + warmup.toSeconds() + " s");
        require(clients >= 1, "clients must be >= 1, got " + clients);
        require(clientId >= 0 && clientId < clients, "client id must be 0.." + (clients - 1) + ", got " + clientId);
        require(maxOps >= 0, "op count must be >= 0, got " + maxOps);
        require(!duration.isNegative() && (duration.toMillis() > 0 || maxOps > 0),
                "runtime must be > 0 (or 0 with an op count), got " + duration.toMillis() + " ms");
        require(reportInterval.toMillis() >= 10, "report interval must be >= 10 ms, got " + reportInterval.toMillis() + " ms");
        require(maxLag.toMillis() > 0, "max lag must be > 0, got " + maxLag.toMillis() + " ms");
        require(pacingSpin >= 0 && pacingSpin <= 100, "-D" + RunConfig.PACING_SPIN_PROPERTY + " must be 0..100, got " + pacingSpin);
        require(maxRetries >= 0, "max retries must be >= 0, got " + maxRetries);
        require(!reconnectTimeout.isNegative(), "reconnect timeout must be >= 0");
        require(bursts == null || targetOpsPerSec == 0, "bursts and a target rate exclude each other");
        if (mix != null) {
            List<String> names = RunConfig.windowSegments(schedule, workerSchedule).stream().map(RunConfig.WindowSegment::name).toList();
            require(!names.isEmpty(), "--mix gives named segments of --schedule their op mix, and this run has no schedule");
            for (String segment : mix.segments()) {
                require(names.contains(segment), "--mix names segment '" + segment + "', which --schedule does not have;"
                        + " its segments: " + String.join(", ", names.stream().map(n -> n == null ? "(unnamed)" : n).toList()));
            }
        }
        return new RunConfig(this);
    }

    private static void require(boolean ok, String message) {
        if (!ok) {
            throw new BenchException(message);
        }
    }
}
