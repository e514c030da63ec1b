package dev.bench.workloads.voter;

import dev.bench.core.BenchException;
import dev.bench.core.Bursts;
import dev.bench.core.settings.SettingNames;

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
public record VoterPlan(String client, long calls, Preset.Rhythm rhythm, int workers, Bursts bursts,
                 VoterSettings.Managed managed, double targetOps) {

    static final int DEFAULT_QUEUE_SIZE = 10_000;
    static final int DEFAULT_SLOTS = 100;

    /**
     * @param clientId this client's place among several, or -1 when it is not one of a launcher's clients
     * @throws BenchException naming the bad option or key
     */
    public static VoterPlan of(VoterRunSettings o, int clients, int clientId, SettingNames names) {
        Preset p = o.preset();
        long calls = o.calls() != null ? o.calls() : p != null ? p.calls : Preset.VSD.calls;
        Preset.Rhythm rhythm = o.rhythm() != null ? o.rhythm() : p != null ? p.rhythm : Preset.VSD.rhythm;
        int burstSize = o.burstSize() != null ? o.burstSize() : p != null ? p.burstSize : Preset.VSD.burstSize;
        Preset.Mode mode = o.mode() != null ? o.mode() : p != null ? p.mode : Preset.Mode.direct;
        if (burstSize < 1) {
            throw new BenchException(names.of("burst-size") + " must be >= 1, got " + burstSize);
        }
        if (calls < 1) {
            throw new BenchException(names.of("calls") + " must be >= 1, got " + calls);
        }
        if (calls % clients != 0) {
            throw new BenchException(names.of("calls") + " " + calls + " does not divide among " + names.of("clients") + " "
                    + clients + "; give a multiple");
        }
        long share = calls / clients;
        if (share % burstSize != 0) {
            throw new BenchException(names.of("calls") + " " + share + (clients > 1 ? " per client" : "") + " is not a multiple of "
                    + names.of("burst-size") + " " + burstSize + " (erlvolt would round down to " + share / burstSize * burstSize
                    + "); give a multiple");
        }
        if (mode == Preset.Mode.direct && (o.queueSize() != null || o.slots() != null || o.queueTimeoutMs() != null)) {
            throw new BenchException(names.of("queue-size") + ", " + names.of("slots") + " and " + names.of("queue-timeout") + " apply to "
                    + names.of("mode") + " managed only; this run is direct");
        }
        if (rhythm == Preset.Rhythm.steady && o.delayMs() != null) {
            throw new BenchException(names.of("delay") + " applies to " + names.of("rhythm") + " bursts only; this run is steady");
        }
        if (o.target() != null && rhythm == Preset.Rhythm.bursts) {
            throw new BenchException(names.of("target") + " (open loop) replaces the rhythm: use it with " + names.of("rhythm") + " steady");
        }
        if (o.target() != null && !(o.target() > 0)) {
            throw new BenchException(names.of("target") + " must be > 0 calls/s, got " + o.target());
        }
        VoterSettings.Managed managed = null;
        if (mode == Preset.Mode.managed) {
            int queue = o.queueSize() != null ? o.queueSize() : p != null && p.queueSize != null ? p.queueSize : DEFAULT_QUEUE_SIZE;
            int slots = o.slots() != null ? o.slots() : p != null && p.slots != null ? p.slots : DEFAULT_SLOTS;
            managed = new VoterSettings.Managed(slots, queue, Duration.ofMillis(o.queueTimeoutMs() != null ? o.queueTimeoutMs() : 5_000));
        }
        Bursts bursts;
        if (rhythm == Preset.Rhythm.bursts) {
            int delay = o.delayMs() != null ? o.delayMs() : p != null && p.delayMs != null ? p.delayMs : 1;
            int limit = o.limit() != null ? o.limit() : p != null && p.limit != null ? p.limit : burstSize;
            if (delay < 0) {
                throw new BenchException(names.of("delay") + " must be >= 0 ms, got " + delay);
            }
            bursts = new Bursts(burstSize, Duration.ofMillis(delay), limit);
        } else {
            bursts = null;
        }
        String client = o.clientName() != null ? o.clientName() : p != null ? p.name() : "voter";
        if (clientId >= 0) {
            client = client + "-" + clientId;
        }
        return new VoterPlan(client, share, rhythm, burstSize, bursts, managed, o.target() != null ? o.target() : 0);
    }
}
