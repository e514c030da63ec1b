package dev.bench.core.run;

import dev.bench.core.Arrivals;
import dev.bench.core.BenchException;
import dev.bench.core.OpMix;
import dev.bench.core.RunConfig;
import dev.bench.core.RunConfigBuilder;
import dev.bench.core.Schedule;
import dev.bench.core.WorkerSchedule;
import dev.bench.core.settings.Require;
import dev.bench.core.settings.SettingNames;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;

/**
 * The engine settings every workload shares beyond its origin's own: seed, arrival spacing, progress
 * interval, how late a run may fall behind, where results go, and the clients sharing the load.
 * Defaults are the engine's ({@link RunConfig}'s constants).
 *
 * @param results null for {@code results/<workload>-<time>}
 * @param startAt  ISO-8601 instant at which all clients start, or null for now
 * <p>The load over time travels as the values it was read into, where it was read (a command line's
 * {@code --schedule}, a scenario file's phases): nothing here parses it again.
 *
 * @param schedule the offered rate over time, all clients together, or null for the workload's own constant
 *                 rate (or a closed loop)
 * @param workers  a closed loop's active workers over time instead, or null; at most one of the two is set
 * @param metricsPort where the run serves live Prometheus metrics, or null for none
 * @param mix      the op mix of named schedule segments, or null
 * @param profile  profile the client's CPU over each phase's measured window into its results directory
 */
public record RunSettings(long seed, Arrivals arrivals, double reportIntervalSeconds, double maxLagSeconds,
                          Path results, int clients, int clientId, String startAt, Schedule schedule, WorkerSchedule workers,
                          Integer metricsPort, OpMix mix, boolean profile) {

    public RunSettings {
        if (schedule != null && workers != null) {
            throw new IllegalArgumentException("a schedule of rates or one of worker counts, not both");
        }
    }

    /** The furthest ahead {@code --start-at} may be: a day, beyond which a date typo would hold sessions open unseen. */
    public static final Duration MAX_START_AHEAD = Duration.ofHours(24);

    public static final RunSettings DEFAULTS = new RunSettings(RunConfig.DEFAULT_SEED, Arrivals.POISSON,
            RunConfig.DEFAULT_REPORT_INTERVAL_S, RunConfig.DEFAULT_MAX_LAG_S, null, 1, 0, null, null, null, null, null, false);

    public RunSettings withResults(Path dir) {
        return new RunSettings(seed, arrivals, reportIntervalSeconds, maxLagSeconds, dir, clients, clientId, startAt, schedule,
                workers, metricsPort, mix, profile);
    }

    public RunSettings withReportInterval(double seconds) {
        return new RunSettings(seed, arrivals, seconds, maxLagSeconds, results, clients, clientId, startAt, schedule, workers,
                metricsPort, mix, profile);
    }

    /** The same settings with this load over time (a scenario's phases): rates or worker counts, and their mix. */
    public RunSettings withLoad(Schedule rates, WorkerSchedule workerCounts, OpMix opMix) {
        return new RunSettings(seed, arrivals, reportIntervalSeconds, maxLagSeconds, results, clients, clientId, startAt, rates,
                workerCounts, metricsPort, opMix, profile);
    }

    /**
     * Applies these settings to a phase's config; the workload sets its origin's own (threads, rate, times).
     * A schedule, when given, replaces the workload's rate and run time (see {@link RunConfigBuilder#schedule}).
     */
    public RunConfigBuilder applyTo(RunConfigBuilder builder, SettingNames names) {
        return builder.seed(seed).arrivals(arrivals)
                .reportInterval(Require.seconds(names.of("report-interval"), reportIntervalSeconds))
                .maxLag(Require.seconds(names.of("max-lag"), maxLagSeconds, Require.POSITIVE_SECONDS))
                .client(clientId, clients)
                .startAt(startInstant(names))
                .schedule(schedule)
                .workers(workers)
                .mix(mix);
    }

    /** Whether the load over time is one of worker counts ({@code 30s:x16}), for a closed loop. */
    public boolean hasWorkerCounts() {
        return workers != null;
    }

    /** Whether a load over time is given, of rates or of worker counts. */
    public boolean hasSchedule() {
        return schedule != null || workers != null;
    }

    /**
     * For a workload that is closed loop by origin (or runs several experiments): a schedule of rates is
     * bad input there, one line naming the option.
     */
    public void requireNoSchedule(SettingNames names, String why) {
        Require.that(!hasSchedule(), names.of("schedule") + " sets the load over time; " + why);
    }

    /** For a closed loop by origin: worker counts over time will do, a schedule of rates is bad input. */
    public void requireNoRateSchedule(SettingNames names, String why) {
        Require.that(schedule == null, names.of("schedule") + " sets an offered rate over time; " + why
                + "; a schedule of worker counts (30s:x16,30s:x128) will do");
    }

    private Instant startInstant(SettingNames names) {
        if (startAt == null) {
            return null;
        }
        Instant at;
        try {
            at = Instant.parse(startAt);
        } catch (DateTimeParseException e) {
            throw new BenchException(names.of("start-at") + " must be an ISO-8601 instant such as 2026-11-22T06:00:00Z, got '"
                    + startAt + "'");
        }
        Instant now = Instant.now();
        if (at.isBefore(now)) {
            throw new BenchException(names.of("start-at") + " " + startAt + " has passed; choose a later time");
        }
        long aheadS = Duration.between(now, at).toSeconds();
        Require.that(aheadS <= MAX_START_AHEAD.toSeconds(), names.of("start-at") + " " + startAt + " is " + aheadS + " s away;"
                + " at most " + MAX_START_AHEAD.toHours() + " h (" + MAX_START_AHEAD.toSeconds() + " s) ahead: start the clients closer to it");
        return at;
    }
}
