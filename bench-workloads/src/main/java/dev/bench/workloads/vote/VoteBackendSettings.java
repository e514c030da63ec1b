package dev.bench.workloads.vote;

import dev.bench.core.memcached.MemcachedAddresses;

/**
 * Which vote backend, and its own flags.
 *
 * @param engine           MySQL storage engine: InnoDB (transactional) or MEMORY (Noria's schema)
 * @param fast             memcached: reads fetch only the counts (Noria's --fast)
 * @param keyPrefix        memcached and hybrid: before Noria's keys, to keep runs sharing a server apart
 * @param memcachedAddress hybrid: the cache's servers
 * @param consistentCache  hybrid: fills guarded by generations, so the cache keeps no stale count (not in Noria)
 */
public record VoteBackendSettings(VoteBackendKind kind, String engine, boolean fast, String keyPrefix,
                                  String memcachedAddress, boolean consistentCache) {

    public static final String ENGINE = "InnoDB";
    /** No backend named: embedded H2. */
    public static final VoteBackendSettings DEFAULTS = of(VoteBackendKind.H2);

    /** A backend with its flags' defaults. */
    public static VoteBackendSettings of(VoteBackendKind kind) {
        return new VoteBackendSettings(kind, ENGINE, false, "", MemcachedAddresses.DEFAULT, false);
    }

    public VoteBackendSettings withMemcachedAddress(String address) {
        return new VoteBackendSettings(kind, engine, fast, keyPrefix, address, consistentCache);
    }
}
