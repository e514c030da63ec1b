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
    public static final int DEFAULT_RECONNECT_TIMEOUT_S = 10;

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

    public static Builder builder() {
        return new Builder();
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

    /**
     * This client's offered rate from the first arrival on: the warmup at the schedule's first rate, then
     * the schedule (or the constant target) scaled to its share. Open loop only.
     */
    public Schedule arrivalSchedule() {
        Schedule window = schedule != null ? schedule : Schedule.constant(targetOpsPerSec);
        return window.scaled(1.0 / clients).afterHold(warmup.toNanos() / 1e9);
    }

    /**
     * This client's scheduled rate averaged over [{@code fromSeconds}, {@code toSeconds}), in seconds from
     * the measured window's start (negative in warmup); NaN in closed loop and bursts.
     */
    public double scheduledOpsPerSec(double fromSeconds, double toSeconds) {
        if (!isOpenLoop() || toSeconds <= fromSeconds) {
            return Double.NaN;
        }
        double warmupSeconds = warmup.toNanos() / 1e9;
        // nothing is scheduled after the window (the drain), whatever the rate was
        double until = isTimeBounded() ? Math.min(toSeconds, duration.toNanos() / 1e9) : toSeconds;
        double count = until <= fromSeconds ? 0 : arrivalSchedule().count(fromSeconds + warmupSeconds, until + warmupSeconds);
        return count / (toSeconds - fromSeconds);
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

    private static List<WindowSegment> windowSegments(Schedule schedule, WorkerSchedule workerSchedule) {
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

    /** Seconds from the window's start at which each segment ends; empty without a schedule. */
    public double[] segmentEndSeconds() {
        List<WindowSegment> segments = windowSegments();
        double[] ends = new double[segments.size()];
        double t = 0;
        for (int i = 0; i < ends.length; i++) {
            t += segments.get(i).seconds();
            ends[i] = t;
        }
        return ends;
    }

    /**
     * With a mix per segment, each kind's own arrival schedule (its share of each segment's rate, the
     * warmup at its share of the first segment); null for a kind with no share anywhere. Null without a mix.
     */
    public Schedule[] arrivalSchedulesPerKind(List<OpKind> kinds) {
        if (mix == null) {
            return null;
        }
        double[][] shares = mix.shares(kinds, segmentNames());
        Schedule window = schedule.scaled(1.0 / clients);
        Schedule[] perKind = new Schedule[kinds.size()];
        for (int k = 0; k < kinds.size(); k++) {
            double[] factors = new double[shares.length];
            double any = 0;
            for (int i = 0; i < shares.length; i++) {
                factors[i] = shares[i][k];
                any += factors[i];
            }
            perKind[k] = any > 0 ? window.weighted(factors).afterHold(warmup.toNanos() / 1e9) : null;
        }
        return perKind;
    }

    /** The bursts rhythm instead of an open or closed loop, or null. */
    public Bursts bursts() {
        return bursts;
    }

    /** Starts from the engine's neutral defaults (the {@code DEFAULT_*} constants); closed loop. */
    public static final class Builder {
        private int threads = DEFAULT_THREADS;
        private double targetOpsPerSec;
        private Arrivals arrivals = Arrivals.POISSON;
        private Duration warmup = Duration.ZERO;
        private Duration duration = Duration.ofSeconds(DEFAULT_DURATION_S);
        private Duration reportInterval = Duration.ofSeconds(DEFAULT_REPORT_INTERVAL_S);
        private long seed = DEFAULT_SEED;
        private Duration maxLag = Duration.ofSeconds(DEFAULT_MAX_LAG_S);
        private int maxRetries = DEFAULT_MAX_RETRIES;
        private Duration reconnectTimeout = Duration.ofSeconds(DEFAULT_RECONNECT_TIMEOUT_S);
        private long maxOps;
        private long opsPerWorker;
        private Instant startAt;
        private Bursts bursts;
        private Schedule schedule;
        private WorkerSchedule workerSchedule;
        private OpMix mix;
        private int clients = 1;
        private int clientId;

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

        /** 0: no count limit. */
        /**
         * Each worker takes exactly {@code ops} measured ops, then stops (pgbench's {@code -t}: a count per
         * client, not a total that the fastest clients share out). At build, the op count becomes
         * {@code ops} x threads. 0: none.
         */
        public Builder opsPerWorker(long ops) {
            this.opsPerWorker = ops;
            return this;
        }

        public Builder maxOps(long maxOps) {
            this.maxOps = maxOps;
            return this;
        }

        /** null: start now. */
        public Builder startAt(Instant startAt) {
            this.startAt = startAt;
            return this;
        }

        /** Client {@code id} (0-based) of {@code count} offers 1/count of the target from its own seed stream. */
        public Builder client(int id, int count) {
            this.clientId = id;
            this.clients = count;
            return this;
        }

        /** Offer load in bursts (erlvolt's rhythm) instead of an open or closed loop. */
        public Builder bursts(Bursts bursts) {
            this.bursts = bursts;
            return this;
        }

        /**
         * Offer load that follows {@code schedule} over the measured window (null: none). It decides the
         * rate and the window's length: at build, the target becomes its mean rate and the duration its
         * length, whatever was set.
         */
        public Builder schedule(Schedule schedule) {
            this.schedule = schedule;
            return this;
        }

        /**
         * Run a closed loop whose active workers follow {@code workers} over the measured window (null: none).
         * At build, the threads become its largest count and the duration its length, whatever was set.
         */
        public Builder workers(WorkerSchedule workers) {
            this.workerSchedule = workers;
            return this;
        }

        /** The op mix of named segments of the schedule (null: the workload's own throughout); see {@link OpMix}. */
        public Builder mix(OpMix mix) {
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
            require(maxRetries >= 0, "max retries must be >= 0, got " + maxRetries);
            require(!reconnectTimeout.isNegative(), "reconnect timeout must be >= 0");
            require(bursts == null || targetOpsPerSec == 0, "bursts and a target rate exclude each other");
            if (mix != null) {
                List<String> names = windowSegments(schedule, workerSchedule).stream().map(WindowSegment::name).toList();
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
}
