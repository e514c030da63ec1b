package dev.bench.core.engine;

import dev.bench.core.OpKind;
import dev.bench.core.RunConfig;
import dev.bench.core.Schedule;

import java.util.List;

/**
 * The arrival maths of one phase's configuration: the schedules this client's arrivals follow (all
 * kinds together, or each kind's share under a mix), where the window's segments end, and the rate it
 * was scheduled to offer over any stretch, which the reports set beside the rate achieved. Stateless.
 */
public final class OfferedLoad {

    private OfferedLoad() {
    }

    /**
     * This client's offered rate from the first arrival on: the warmup at the schedule's first rate, then
     * the schedule (or the constant target) scaled to its share. Open loop only.
     */
    public static Schedule arrivalSchedule(RunConfig config) {
        Schedule window = config.schedule() != null ? config.schedule() : Schedule.constant(config.targetOpsPerSec());
        return window.scaled(1.0 / config.clients()).afterHold(warmupSeconds(config));
    }

    /**
     * This client's scheduled rate averaged over [{@code fromSeconds}, {@code toSeconds}), in seconds from
     * the measured window's start (negative in warmup); NaN in closed loop and bursts.
     */
    public static double scheduledOpsPerSec(RunConfig config, double fromSeconds, double toSeconds) {
        if (!config.isOpenLoop() || toSeconds <= fromSeconds) {
            return Double.NaN;
        }
        double warmupSeconds = warmupSeconds(config);
        // nothing is scheduled after the window (the drain), whatever the rate was
        double until = config.isTimeBounded() ? Math.min(toSeconds, config.duration().toNanos() / 1e9) : toSeconds;
        double count = until <= fromSeconds ? 0
                : arrivalSchedule(config).count(fromSeconds + warmupSeconds, until + warmupSeconds);
        return count / (toSeconds - fromSeconds);
    }

    /** Seconds from the window's start at which each segment ends; empty without a schedule. */
    public static double[] segmentEndSeconds(RunConfig config) {
        List<RunConfig.WindowSegment> segments = config.windowSegments();
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
    public static Schedule[] perKind(RunConfig config, List<OpKind> kinds) {
        if (config.mix() == null) {
            return null;
        }
        double[][] shares = config.mix().shares(kinds, config.segmentNames());
        Schedule window = config.schedule().scaled(1.0 / config.clients());
        Schedule[] perKind = new Schedule[kinds.size()];
        for (int k = 0; k < kinds.size(); k++) {
            double[] factors = new double[shares.length];
            double any = 0;
            for (int i = 0; i < shares.length; i++) {
                factors[i] = shares[i][k];
                any += factors[i];
            }
            perKind[k] = any > 0 ? window.weighted(factors).afterHold(warmupSeconds(config)) : null;
        }
        return perKind;
    }

    private static double warmupSeconds(RunConfig config) {
        return config.warmup().toNanos() / 1e9;
    }
}
