package dev.bench.core;

import java.time.Duration;

/**
 * erlvolt's "bursts" rhythm: release {@code size} ops at once, wait until no more than {@code limit}
 * are pending (released and not yet completed), sleep {@code delay}, release the next burst. Every op
 * of a burst is intended to start when its burst is released, so the time it waits for a free worker
 * is part of its latency.
 *
 * @param size  ops per burst, >= 1
 * @param delay pause after pending has fallen to the limit, >= 0
 * @param limit most ops pending before the pause may begin, >= 0
 */
public record Bursts(int size, Duration delay, int limit) {

    public Bursts {
        if (size < 1) {
            throw new BenchException("burst size must be >= 1, got " + size);
        }
        if (delay == null || delay.isNegative()) {
            throw new BenchException("burst delay must be >= 0 ms, got " + delay);
        }
        if (limit < 0) {
            throw new BenchException("pending limit must be >= 0, got " + limit);
        }
    }
}
