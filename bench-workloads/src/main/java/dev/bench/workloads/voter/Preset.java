package dev.bench.workloads.voter;

/**
 * erlvolt's four named runs: {@code calls rhythm burst-size delay mode queue-size slots limit}, with
 * null where erlvolt writes "x" (not used in that mode).
 */
public enum Preset {
    VSD(100_000, Rhythm.steady, 200, null, Mode.direct, null, null, null),
    VSM(100_000, Rhythm.steady, 200, null, Mode.managed, 100_000, 200, 100),
    VBM(100_000, Rhythm.bursts, 100, 1, Mode.managed, 10_000, 100, 100),
    VBD(100_000, Rhythm.bursts, 100, 5, Mode.direct, null, null, 100);

    public enum Rhythm { steady, bursts }

    public enum Mode { direct, managed }

    final long calls;
    final Rhythm rhythm;
    final int burstSize;
    final Integer delayMs;
    final Mode mode;
    final Integer queueSize;
    final Integer slots;
    final Integer limit;

    Preset(long calls, Rhythm rhythm, int burstSize, Integer delayMs, Mode mode, Integer queueSize, Integer slots,
           Integer limit) {
        this.calls = calls;
        this.rhythm = rhythm;
        this.burstSize = burstSize;
        this.delayMs = delayMs;
        this.mode = mode;
        this.queueSize = queueSize;
        this.slots = slots;
        this.limit = limit;
    }
}
