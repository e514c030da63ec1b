package dev.bench.core;

import dev.bench.core.random.SplitMix64;

import java.time.Duration;
import java.time.Instant;
import java.util.List;

/**
 * One phase of load, validated once and immutable: how many workers, open or closed loop, how long.
 *
 * <p>Open loop when {@code targetOpsPerSec > 0}: ops arrive on a seeded schedule whatever the backend
 * does, and latency is measured from each op's scheduled arrival. Closed loop when it is 0: each worker
 * starts its next op as soon as the previous one returns.
 *
 * <p>A phase ends after its measured window ({@code duration}) or, when {@code maxOps > 0}, once that
 * many ops intended inside the window have been handed out, whichever comes first; a duration of 0
 * with a count means no time limit (sysbench {@code --time 0 --events N}).
 *
 * <p>The defaults here are the engine's own, neutral ones. Each workload command shows its origin's
 * defaults (Noria's, sysbench's, ...) in its own options and sets every value it has an option for.
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
    private final double pacingSpin;
    private final int maxRetries;
    private final Duration reconnectTimeout;
    private final long maxOps;
    private final long opsPerWorker;
    private final Instant startAt;
    private final int clients;
    private final int clientId;
    private final Bursts bursts;
    private final Schedule schedule;
    private final WorkerSchedule workerSchedule;
    private final OpMix mix;

    /** Pseudo-kind that derives a client's seed, distinct from every op kind and the engine's own. */
    private static final int CLIENT_STREAM = -3;

    public static final int DEFAULT_THREADS = 1;
    public static final long DEFAULT_SEED = 42;
    public static final int DEFAULT_DURATION_S = 60;
    public static final int DEFAULT_REPORT_INTERVAL_S = 1;
    public static final int DEFAULT_MAX_LAG_S = 10;
    public static final int DEFAULT_MAX_RETRIES = 10;
    /**
     * The JVM property whose value is {@link #pacingSpin()}'s default (BENCH_OPTS=-Dbench.pacing-spin=3):
     * any command can pay for microsecond-exact starts without a flag of its own.
     */
    public static final String PACING_SPIN_PROPERTY = "bench.pacing-spin";
    public static final int DEFAULT_RECONNECT_TIMEOUT_S = 10;

    RunConfig(RunConfigBuilder b) {
        this.threads = b.threads;
        this.targetOpsPerSec = b.targetOpsPerSec;
        this.arrivals = b.arrivals;
        this.warmup = b.warmup;
        this.duration = b.duration;
        this.reportInterval = b.reportInterval;
        this.seed = b.seed;
        this.maxLag = b.maxLag;
        this.pacingSpin = b.pacingSpin;
        this.maxRetries = b.maxRetries;
        this.reconnectTimeout = b.reconnectTimeout;
        this.maxOps = b.maxOps;
        this.opsPerWorker = b.opsPerWorker;
        this.startAt = b.startAt;
        this.clients = b.clients;
        this.clientId = b.clientId;
        this.bursts = b.bursts;
        this.schedule = b.schedule;
        this.workerSchedule = b.workerSchedule;
        this.mix = b.mix;
    }

    public static RunConfigBuilder builder() {
        return new RunConfigBuilder();
    }

    public int threads() {
        return threads;
    }

    public boolean isOpenLoop() {
        return targetOpsPerSec > 0;
    }

    /** Offered load across kinds from all clients together, as the user gave it (a schedule's mean); 0 in closed loop. */
    public double targetOpsPerSec() {
        return targetOpsPerSec;
    }

    /** Offered load across kinds from this client: its share of the target; 0 in closed loop. */
    public double clientTargetOpsPerSec() {
        return targetOpsPerSec / clients;
    }

    /** How many client processes share the target (on one machine or several). */
    public int clients() {
        return clients;
    }

    /** This process's place among them, 0-based. */
    public int clientId() {
        return clientId;
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

    /** This client's seed: the given one for a single client, a distinct stream per client otherwise. */
    public long seed() {
        return clients == 1 ? seed : SplitMix64.seedFor(seed, CLIENT_STREAM, clientId);
    }

    /** The seed as given, shared by all clients of a run. */
    public long baseSeed() {
        return seed;
    }

    /** The run stops early ("fell too far behind") once the oldest waiting op is later than this. */
    public Duration maxLag() {
        return maxLag;
    }

    /**
     * How an open loop waits for each arrival: 0 (the default) parks until it is due, and the op starts
     * as late as the OS wakes the thread (~0.1 ms here, counted in its sojourn and schedule lag); f > 0 spins
     * for the last f x the mean wake-up delay, so ops start within microseconds, at the price of a core
     * spinning that long before every arrival (2-3x the client's CPU per op at 8000 ops/s: docs/measuring.md).
     */
    public double pacingSpin() {
        return pacingSpin;
    }

    public int maxRetries() {
        return maxRetries;
    }

    public Duration reconnectTimeout() {
        return reconnectTimeout;
    }

    /** Ops intended inside the measured window after which the phase ends; 0 for no count limit. */
    public long maxOps() {
        return maxOps;
    }

    /** Measured ops each worker takes before it stops (pgbench's -t per client); 0: no quota of its own. */
    public long opsPerWorker() {
        return opsPerWorker;
    }

    /** Whether the measured window has a time limit (always, unless a count bounds the phase). */
    public boolean isTimeBounded() {
        return !duration.isZero();
    }

    /** Wall-clock instant at which the first op is due (clients on several machines start together); null: now. */
    public Instant startAt() {
        return startAt;
    }

    /** The offered rate over the measured window, all clients together; null when it is one constant rate (or none). */
    public Schedule schedule() {
        return schedule;
    }

    /** The closed loop's active workers over the measured window, or null when all {@link #threads()} run throughout. */
    public WorkerSchedule workerSchedule() {
        return workerSchedule;
    }

    /** The op mix of named segments of the schedule (of rates or of workers), or null: the workload's own throughout. */
    public OpMix mix() {
        return mix;
    }

    /**
     * One segment of the measured window's schedule, of rates or of workers alike.
     *
     * @param name null when unnamed
     * @param spec as the user writes it ({@code spike=10s:60000}, {@code peak=30s:x128})
     */
    public record WindowSegment(String name, double seconds, String spec) {
    }

    /** The measured window's segments in order; empty without a schedule. */
    public List<WindowSegment> windowSegments() {
        return windowSegments(schedule, workerSchedule);
    }

    static List<WindowSegment> windowSegments(Schedule schedule, WorkerSchedule workerSchedule) {
        if (schedule != null) {
            return schedule.segments().stream().map(s -> new WindowSegment(s.name(), s.seconds(), s.toString())).toList();
        }
        if (workerSchedule != null) {
            return workerSchedule.segments().stream().map(s -> new WindowSegment(s.name(), s.seconds(), s.toString())).toList();
        }
        return List.of();
    }

    /** The names of the measured window's segments in order (null for unnamed ones); empty without a schedule. */
    public List<String> segmentNames() {
        return windowSegments().stream().map(WindowSegment::name).toList();
    }

    /** The bursts rhythm instead of an open or closed loop, or null. */
    public Bursts bursts() {
        return bursts;
    }
}
