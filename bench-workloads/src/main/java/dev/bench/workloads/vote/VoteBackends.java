package dev.bench.workloads.vote;

import dev.bench.core.jdbc.JdbcTarget;

/** Factory for the vote backends, so callers outside this package need not know their classes. */
public final class VoteBackends {

    private VoteBackends() {
    }

    public static VoteBackend nullBackend() {
        return new NullVoteBackend();
    }

    public static VoteBackend memory() {
        return new MemoryVoteBackend();
    }

    /** @param mysqlEngine InnoDB or MEMORY; ignored by other dialects */
    public static VoteBackend jdbc(String name, JdbcTarget target, String mysqlEngine, int maxBatch) {
        return new JdbcVoteBackend(name, target, mysqlEngine, maxBatch);
    }
}
