package dev.bench.workloads.vote;

import dev.bench.core.ErrorKind;
import dev.bench.core.jdbc.SqlErrors;
import dev.bench.core.run.Figures;

import java.util.Map;
import java.util.Optional;

/**
 * A way of answering "title and vote count for these articles" and "one vote for each of these
 * articles": pre-computed counts in SQL, an in-process materialized view, nothing at all.
 *
 * <p>Threading: {@link #prime}, {@link #count} and {@link #close} are called from one thread, with no
 * run in progress; {@link #openSession} from any worker thread.
 */
public interface VoteBackend extends AutoCloseable {

    /** Short name for reports: {@code postgres}, {@code memory}, ... */
    String name();

    /** What is being measured, e.g. "PostgreSQL 15.8 at jdbc:postgresql://127.0.0.1/bench". */
    String describe();

    /** Creates articles 1..n with titles {@code Article #<id>} and no votes. */
    void prime(long articles) throws Exception;

    /** Checks that a run without priming has articles 1..n to run against. */
    void requirePrimed(long articles) throws Exception;

    VoteSession openSession() throws Exception;

    /** What a failure of this backend's sessions means to the engine (JDBC's classification by default). */
    default ErrorKind classify(Exception failure) {
        return SqlErrors.classify(failure);
    }

    /** Whether a write that failed so may have landed all the same, its votes in doubt: after a lost connection. */
    default boolean mayHaveLanded(Exception failure) {
        return classify(failure) == ErrorKind.CONNECTION;
    }

    /**
     * The backend's own figures of the last run, for Noria's report ({@code # name: value} lines) and
     * summary.json: hybrid's cache hits and misses. Empty for most backends.
     */
    default void addFigures(Figures figures) {
    }

    /** What a check over several clients needs of this backend besides the counts (memcached: its key prefix). */
    default Map<String, Object> checkShape() {
        return Map.of();
    }

    /** Whether this backend's reads go to replicas, on a pool of their own ({@code --reads-to replicas}). */
    default boolean readsFromReplicas() {
        return false;
    }

    /**
     * Each article's vote count now, indexed by id (index 0 unused), read from the primary: the stale-read
     * check's start when reads go to replicas. Only backends that read from replicas need it.
     */
    default long[] countsByArticle(long articles) throws Exception {
        throw new UnsupportedOperationException(name() + " reads from no replicas");
    }

    /** Current totals, for the after-run check; empty when the backend keeps no state (null backend). */
    Optional<VoteCounts> count() throws Exception;

    @Override
    default void close() throws Exception {
    }

    /** One worker's connection. Used by one thread at a time. */
    interface VoteSession extends AutoCloseable {

        /** Reads title and count of {@code ids[0..n)}: sorted, distinct. */
        void read(long[] ids, int n) throws Exception;

        /** Records one vote per entry of {@code ids[0..n)}, duplicates included, atomically. */
        void write(long[] ids, int n) throws Exception;

        /**
         * Reads {@code ids[0..n)} as {@link #read} and puts each one's vote count in {@code votes[i]};
         * backends that read from replicas only.
         */
        default void readCounts(long[] ids, int n, long[] votes) throws Exception {
            throw new UnsupportedOperationException("this backend reports no counts");
        }

        /** The host number ({@code dev.bench.core.Hosts}) its reads go to, learned when it connected. */
        default int readHost() {
            return dev.bench.core.Hosts.UNNAMED;
        }

        /** The host number its writes go to, learned when it connected. */
        default int writeHost() {
            return dev.bench.core.Hosts.UNNAMED;
        }

        /** Whether each article lives on a server of its own ({@link #hostOf}: a memcached pool), not on the session's. */
        default boolean hostPerArticle() {
            return false;
        }

        /** The host number of the server that holds an article (its counter), when {@link #hostPerArticle}. */
        default int hostOf(long article) {
            return dev.bench.core.Hosts.UNNAMED;
        }

        /** Cuts the connection off from another thread; see {@link dev.bench.core.Session#abort}. */
        default void abort() {
        }

        @Override
        default void close() throws Exception {
        }
    }

    /**
     * @param voteRows  rows in the vote table (memcached, which keeps none: the counters' sum again)
     * @param countSum  sum of the per-article counts
     * @param rows      whether the backend keeps vote rows, for the check's words
     */
    record VoteCounts(long voteRows, long countSum, boolean rows) {

        VoteCounts(long voteRows, long countSum) {
            this(voteRows, countSum, true);
        }

        /** A backend that keeps counters only (memcached): their sum. */
        static VoteCounts countersOnly(long sum) {
            return new VoteCounts(sum, sum, false);
        }
    }
}
