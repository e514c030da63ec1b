package dev.bench.workloads.vote;

import dev.bench.core.jdbc.JdbcTarget;
import dev.bench.core.memcached.MemcachedTarget;

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

    /** @param keyPrefix before Noria's keys, to keep runs sharing a memcached apart ("" = Noria's keys) */
    public static VoteBackend memcached(MemcachedTarget target, String keyPrefix, boolean countsOnly) {
        return new MemcachedVoteBackend(target, keyPrefix, countsOnly);
    }

    public static VoteBackend hybrid(JdbcTarget sql, MemcachedTarget cache, String mysqlEngine, int maxBatch,
                                     String keyPrefix, boolean consistentCache) {
        return new HybridVoteBackend(sql, cache, mysqlEngine, maxBatch, keyPrefix, consistentCache);
    }

    public static VoteBackend mssql(JdbcTarget target, int maxBatch) {
        return new MssqlVoteBackend(target, maxBatch);
    }
}
