package dev.bench.workloads.voter;

import dev.bench.core.BenchException;

import java.time.Duration;

/**
 * What a voter run does, validated once.
 *
 * @param contestants  1..12 (VoltDB's default 6)
 * @param maxVotes     votes allowed per phone (VoltDB 2; erlvolt 20,000)
 * @param uniform      erlvolt's uniform contestants instead of VoltDB's skewed ones
 * @param procedure    the vote as one server-side routine call (PostgreSQL function, MySQL procedure)
 * @param connections  database connections shared by the workers
 * @param managed      erlvolt's managed mode (slots, queue), or null for direct
 */
public record VoterSettings(int contestants, int maxVotes, boolean uniform, boolean procedure, int connections,
                            Managed managed) {

    public VoterSettings {
        if (contestants < 1 || contestants > VoterDatabase.NAMES.size()) {
            throw new BenchException("--contestants must be 1.." + VoterDatabase.NAMES.size() + ", got " + contestants);
        }
        if (maxVotes < 1) {
            throw new BenchException("--max-votes must be >= 1, got " + maxVotes);
        }
        if (connections < 1) {
            throw new BenchException("--pool-size must be >= 1, got " + connections);
        }
    }

    /** erlvolt's managed mode: {@code slots} calls in flight, {@code queueSize} more waiting up to {@code queueTimeout}. */
    public record Managed(int slots, int queueSize, Duration queueTimeout) {
        public Managed {
            if (slots < 1) {
                throw new BenchException("--slots must be >= 1, got " + slots);
            }
            if (queueSize < 0) {
                throw new BenchException("--queue-size must be >= 0, got " + queueSize);
            }
            if (queueTimeout.isNegative() || queueTimeout.isZero()) {
                throw new BenchException("--queue-timeout must be > 0 ms");
            }
        }
    }
}
