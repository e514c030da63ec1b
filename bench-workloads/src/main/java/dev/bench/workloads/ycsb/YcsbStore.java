package dev.bench.workloads.ycsb;

import dev.bench.core.ErrorKind;
import dev.bench.core.memcached.MemcachedStats;

import java.util.List;

/**
 * A YCSB binding: the store under test (a SQL table, memcached) as the ops see it.
 *
 * <p>Threading: {@link #open} and {@link #classify} from any worker; each {@link Connection} by one
 * worker at a time; the rest from the thread running the benchmark.
 */
public interface YcsbStore extends AutoCloseable {

    /** Creates the table when missing (load), or checks it is there (run). */
    void prepare(boolean load) throws Exception;

    Connection open(int worker) throws Exception;

    /** A connection for reads and scans on the replicas ({@code --reads-to replicas}), or null: they use {@link #open}'s. */
    default Connection openReads(int worker) throws Exception {
        return null;
    }

    /** Whether {@link #openReads} gives connections to replicas. */
    default boolean readsFromReplicas() {
        return false;
    }

    /**
     * After a load's data, before its check: what the load put off (a primary key built after the data).
     *
     * @return whether there was anything to do
     */
    default boolean finishLoad() throws Exception {
        return false;
    }

    ErrorKind classify(Exception failure);

    /**
     * For the check: a SQL table's row count (all of it: {@code keys} is not read), or how many of
     * {@code keys} memcached holds.
     */
    long count(List<String> keys) throws Exception;

    /** Of the keys the last {@link #count} was given, those on servers that were down then (a memcached pool), by server. */
    default java.util.Map<String, Long> keysOnDownServers() {
        return java.util.Map.of();
    }

    /** Before the phase: notes what the store drops on its own so far (memcached's evictions). */
    default void beforePhase() throws Exception {
    }

    /**
     * After the check: what the store dropped on its own since {@link #beforePhase} (memcached's evictions, of any
     * client's items), or null for a store that drops nothing or when it can't be read.
     */
    default MemcachedStats evictedSincePhase() {
        return null;
    }

    /** How many of {@code keys} the store holds (the check's look-up of inserts in doubt). */
    long present(List<String> keys) throws Exception;

    /** Those of {@code keys} the store doesn't hold, in their order (the check naming lost inserts). */
    default List<String> absent(List<String> keys) throws Exception {
        List<String> absent = new java.util.ArrayList<>();
        for (String key : keys) {
            if (present(List.of(key)) == 0) {
                absent.add(key);
            }
        }
        return absent;
    }

    /** Whether {@link #count} reads the keys (memcached) rather than counting every row. */
    boolean countsKeys();

    /** The target and server version, for summary.json. */
    String describe();

    /** Longest multi-row insert the store takes, in rows, for records of {@code fields} fields. */
    int maxRowsPerInsert(int fields);

    @Override
    void close();

    /** One worker's connection. Values are indexed by field number; null where not read or written. */
    interface Connection extends AutoCloseable {

        /** @return false when no record has the key */
        boolean read(String key, int field, String[] values) throws Exception;

        /** @return records found from {@code startKey} on, at most {@code count} */
        int scan(String startKey, int count, int field) throws Exception;

        /** @return false when no record has the key */
        boolean update(String key, String[] values) throws Exception;

        void insert(String[] keys, String[][] values, int rows) throws Exception;

        /** The number ({@code dev.bench.core.Hosts}) of the server it is open to, learned when it opened. */
        default int host() {
            return dev.bench.core.Hosts.UNNAMED;
        }

        /** Whether each key lives on a server of its own ({@link #hostOf}: a memcached pool), not on the connection's. */
        default boolean hostPerKey() {
            return false;
        }

        /** The host number of the server holding {@code key}, when {@link #hostPerKey}. */
        default int hostOf(String key) {
            return host();
        }

        /** Cuts the connection off from another thread (JDBC's abort); must not block. */
        default void abort() {
        }

        @Override
        void close() throws Exception;
    }
}
