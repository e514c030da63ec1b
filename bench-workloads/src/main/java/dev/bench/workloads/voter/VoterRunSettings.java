package dev.bench.workloads.voter;

import dev.bench.workloads.voter.VoterBenchmark.Verbosity;

/**
 * Everything {@code voter} takes beyond the target and the shared run settings: erlvolt's driving
 * options (null where not given: the preset's value, else erlvolt's default, applies; see
 * {@link VoterPlan}) and Voter's own.
 *
 * @param preset         erlvolt's named run, or null
 * @param target         open loop at this many calls/s instead of the rhythm, or null
 * @param startDelaySeconds several clients: their load starts this long after launching them
 * @param clientName     the name in erlvolt's lines, or null for the preset's, else "voter"
 */
public record VoterRunSettings(Preset preset, Long calls, Preset.Rhythm rhythm, Integer burstSize, Integer delayMs,
                               Preset.Mode mode, Integer queueSize, Integer slots, Integer queueTimeoutMs, Integer limit,
                               Double target, Verbosity verbosity, long dumpIntervalMs, int contestants, int maxVotes,
                               boolean uniform, boolean procedure, double startDelaySeconds, String clientName) {

    /** VoltDB's and erlvolt's defaults. */
    public static final long DUMP_INTERVAL_MS = 1000;
    public static final int CONTESTANTS = 6;
    public static final int MAX_VOTES = 2;
    public static final int START_DELAY_S = 15;
    public static final VoterRunSettings DEFAULTS = new VoterRunSettings(null, null, null, null, null, null, null, null, null,
            null, null, Verbosity.verbose, DUMP_INTERVAL_MS, CONTESTANTS, MAX_VOTES, false, false, START_DELAY_S, null);
}
