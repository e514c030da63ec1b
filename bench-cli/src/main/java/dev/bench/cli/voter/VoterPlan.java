package dev.bench.cli.voter;

import dev.bench.core.BenchException;
import dev.bench.core.Bursts;
import dev.bench.workloads.voter.VoterSettings;

import java.time.Duration;

/**
 * The driving settings after the preset and the explicit options are combined, validated once.
 * Explicit options override the preset; options a mode doesn't use are refused rather than ignored.
 *
 * @param calls       calls this client makes (its share when several clients run)
 * @param workers     concurrent calls: erlvolt's burst size (steady: its number of workers)
 * @param bursts      the bursts rhythm's settings, or null for steady
 * @param targetOps   open loop at this rate instead of the rhythm, or 0
 */
record VoterPlan(String client, long calls, Preset.Rhythm rhythm, int workers, Bursts bursts,
                 VoterSettings.Managed managed, double targetOps) {

    static final int DEFAULT_QUEUE_SIZE = 10_000;
    static final int DEFAULT_SLOTS = 100;

    static VoterPlan of(VoterCommand o, int clients) {
        Preset p = o.preset;
        long calls = o.calls != null ? o.calls : p != null ? p.calls : Preset.VSD.calls;
        Preset.Rhythm rhythm = o.rhythm != null ? o.rhythm : p != null ? p.rhythm : Preset.VSD.rhythm;
        int burstSize = o.burstSize != null ? o.burstSize : p != null ? p.burstSize : Preset.VSD.burstSize;
        Preset.Mode mode = o.mode != null ? o.mode : p != null ? p.mode : Preset.Mode.direct;
        if (burstSize < 1) {
            throw new BenchException("--burst-size must be >= 1, got " + burstSize);
        }
        if (calls < 1) {
            throw new BenchException("--calls must be >= 1, got " + calls);
        }
        if (calls % clients != 0) {
            throw new BenchException("--calls " + calls + " does not divide among --clients " + clients + "; give a multiple");
        }
        long share = calls / clients;
        if (share % burstSize != 0) {
            throw new BenchException("--calls " + share + (clients > 1 ? " per client" : "") + " is not a multiple of --burst-size "
                    + burstSize + " (erlvolt would round down to " + share / burstSize * burstSize + "); give a multiple");
        }
        if (mode == Preset.Mode.direct && (o.queueSize != null || o.slots != null || o.queueTimeoutMs != null)) {
            throw new BenchException("--queue-size, --slots and --queue-timeout apply to --mode managed only; this run is direct");
        }
        if (rhythm == Preset.Rhythm.steady && o.delayMs != null) {
            throw new BenchException("--delay applies to --rhythm bursts only; this run is steady");
        }
        if (o.targetOps != null && rhythm == Preset.Rhythm.bursts) {
            throw new BenchException("--target (open loop) replaces the rhythm: use it with --rhythm steady");
        }
        if (o.targetOps != null && !(o.targetOps > 0)) {
            throw new BenchException("--target must be > 0 calls/s, got " + o.targetOps);
        }
        VoterSettings.Managed managed = null;
        if (mode == Preset.Mode.managed) {
            int queue = o.queueSize != null ? o.queueSize : p != null && p.queueSize != null ? p.queueSize : DEFAULT_QUEUE_SIZE;
            int slots = o.slots != null ? o.slots : p != null && p.slots != null ? p.slots : DEFAULT_SLOTS;
            managed = new VoterSettings.Managed(slots, queue, Duration.ofMillis(o.queueTimeoutMs != null ? o.queueTimeoutMs : 5_000));
        }
        Bursts bursts;
        if (rhythm == Preset.Rhythm.bursts) {
            int delay = o.delayMs != null ? o.delayMs : p != null && p.delayMs != null ? p.delayMs : 1;
            int limit = o.limit != null ? o.limit : p != null && p.limit != null ? p.limit : burstSize;
            if (delay < 0) {
                throw new BenchException("--delay must be >= 0 ms, got " + delay);
            }
            bursts = new Bursts(burstSize, Duration.ofMillis(delay), limit);
        } else {
            bursts = null;
        }
        String client = o.clientName != null ? o.clientName : p != null ? p.name() : "voter";
        if (o.isLaunchedClient()) {
            client = client + "-" + o.run.clientId;
        }
        return new VoterPlan(client, share, rhythm, burstSize, bursts, managed, o.targetOps != null ? o.targetOps : 0);
    }
}
