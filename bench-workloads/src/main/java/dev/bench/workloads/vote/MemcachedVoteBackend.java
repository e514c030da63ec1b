package dev.bench.workloads.vote;

import dev.bench.core.BenchException;
import dev.bench.core.ErrorKind;
import dev.bench.core.memcached.BlockingMemcached;
import dev.bench.core.memcached.MemcachedErrors;
import dev.bench.core.memcached.MemcachedTarget;
import dev.bench.core.memcached.MemcachedUnavailableException;
import dev.bench.core.run.Figures;
import net.spy.memcached.MemcachedClient;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;

/**
 * Noria's {@code memcached} client: {@code article_<id>} holds the title, {@code article_<id>_vc}
 * the count. A read is one multi-get of the batch's keys ({@code --fast}: the counts only); a write
 * increments each article's counter by its number of votes in the batch, all of a server's increments
 * sent before their replies are read. Each worker has its own blocking connections ({@link BlockingMemcached}:
 * spymemcached's hand-off to its I/O thread and back cost about twice the client CPU per op); priming and
 * the check go through the target's spymemcached client.
 *
 * <p>memcached keeps no vote rows, so for the after-run check the counters are both the "rows" and
 * the "counts": their sum must equal the votes acknowledged. A server that restarted has lost its
 * counters; writes re-create them from zero, and the check then reports the loss as a mismatch. In a
 * pool, a server that died stays out: ops needing it fail on their own (their writes' votes in doubt)
 * while the others serve, and the check counts its counters as missing, by server.
 *
 * <p>Threading: as {@link VoteBackend}; each session's client is its own.
 */
final class MemcachedVoteBackend implements VoteBackend {

    private final MemcachedTarget target;
    private final MemcachedVoteKeys keys;
    private final boolean countsOnly;
    private long articles;
    /** Counters found missing by the last {@link #count} (evicted, or their server restarted or down); -1 before. */
    private long missingAtCount = -1;
    /** Of those, by the server each key lives on: where the votes went. */
    private final Map<String, Long> missingByServer = new TreeMap<>();

    MemcachedVoteBackend(MemcachedTarget target, String keyPrefix, boolean countsOnly) {
        this.target = target;
        this.keys = new MemcachedVoteKeys(keyPrefix);
        this.countsOnly = countsOnly;
    }

    @Override
    public String name() {
        return "memcached";
    }

    @Override
    public String describe() {
        return target.describe() + " (a blocking client per worker" + (countsOnly ? ", --fast: counts only" : "") + ")";
    }

    @Override
    public void prime(long articles) throws Exception {
        MemcachedClient client = target.client(0);
        MemcachedPipeline.setAll(target, client, 1, articles, keys::article, MemcachedVoteKeys::title);
        MemcachedPipeline.setAll(target, client, 1, articles, keys::count, id -> "0");
        this.articles = articles;
    }

    @Override
    public void requirePrimed(long articles) throws Exception {
        long[] missing = {0, 0};
        MemcachedPipeline.getAll(target, target.client(0), 1, articles, keys::count, (from, to, found) -> {
            for (long id = from; id <= to; id++) {
                if (!found.containsKey(keys.count(id)) && missing[0]++ == 0) {
                    missing[1] = id;
                }
            }
        });
        if (missing[0] > 0) {
            throw new BenchException("memcached at " + target.addresses() + " holds counters for fewer than --articles "
                    + articles + " (" + missing[0] + " missing, first " + keys.count(missing[1]) + "); run without --no-prime");
        }
        this.articles = articles;
    }

    @Override
    public Map<String, Object> checkShape() {
        return Map.of("key_prefix", keys.prefix());
    }

    /** The sum of the first {@code articles} counters, for a check over several clients' runs. */
    Optional<VoteCounts> countOf(long articles) throws Exception {
        this.articles = articles;
        return count();
    }

    /**
     * The sum of all counters; a missing counter (evicted, its server restarted, or its server down while
     * the pool's others answer) adds nothing. With every server down the check can't run.
     */
    @Override
    public Optional<VoteCounts> count() throws Exception {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(MemcachedTarget.OP_TIMEOUT_MS);
        while (true) {
            try {
                return countOnce();
            } catch (Exception e) {
                // the check's client sat idle through the run: its first op on a restarted server's old connection is cancelled
                if (classify(e) != ErrorKind.CONNECTION || System.nanoTime() - deadline > 0) {
                    throw e;
                }
                Thread.sleep(100);
            }
        }
    }

    private Optional<VoteCounts> countOnce() throws Exception {
        long[] sum = {0};
        MemcachedClient client = target.client(0);
        missingByServer.clear();
        MemcachedPipeline.getAllReachable(target, client, 1, articles, keys::count, (from, to, found) -> {
            for (long id = from; id <= to; id++) {
                String key = keys.count(id);
                Object value = found.get(key);
                if (value != null) {
                    sum[0] += Long.parseLong(value.toString().trim());
                } else {
                    missingByServer.merge(target.serverOf(key), 1L, Long::sum);
                }
            }
        });
        missingAtCount = missingByServer.values().stream().mapToLong(Long::longValue).sum();
        return Optional.of(VoteCounts.countersOnly(sum[0]));
    }

    /** How many counters the after-run check found missing: the reason for a mismatch, if there is one. */
    @Override
    public void addFigures(Figures figures) {
        if (missingAtCount >= 0) {
            figures.max("counters_missing_at_check", missingAtCount); // each client's check saw the one cache
            if (missingAtCount > 0 && target.serverCount() > 1) {
                figures.same("counters_missing_by_server", Map.copyOf(missingByServer));
            }
        }
    }

    @Override
    public ErrorKind classify(Exception failure) {
        return MemcachedErrors.classify(failure);
    }

    /** A write that failed on a lost server, or on a pool member down, may have landed on the servers that answered. */
    @Override
    public boolean mayHaveLanded(Exception failure) {
        return MemcachedErrors.isMemcachedFailure(failure);
    }

    /** A worker's own blocking connections, one per server: no I/O thread to hand each op to and back. */
    @Override
    public VoteSession openSession() throws Exception {
        return new Session(BlockingMemcached.open(target)); // fails when no server answers: the engine reconnects
    }

    @Override
    public void close() {
        target.close();
    }

    /** One worker's client; the key lists and vote arrays are reused between batches. */
    private final class Session implements VoteSession {
        private final BlockingMemcached client;
        private final List<String> readKeys = new ArrayList<>();
        private final VoteTally tally = new VoteTally(0);
        private String[] writeKeys = new String[0];
        private long[] votes = new long[0];
        private boolean[] landed = new boolean[0];
        /** Keeps reads from being optimised away. */
        private long sink;

        Session(BlockingMemcached client) {
            this.client = client;
        }

        /** Each op counts against the server of its article's counter (a read's title may live on another). */
        @Override
        public boolean hostPerArticle() {
            return target.serverCount() > 1;
        }

        @Override
        public int hostOf(long article) {
            return target.hostOf(keys.count(article));
        }

        @Override
        public void read(long[] ids, int n) throws Exception {
            readKeys.clear();
            for (int i = 0; i < n; i++) {
                readKeys.add(keys.count(ids[i]));
                if (!countsOnly) {
                    readKeys.add(keys.article(ids[i]));
                }
            }
            sink += client.countFound(readKeys);
        }

        /**
         * One increment per article, each confirmed on its own: when some fail (a pool member died), the
         * votes of those confirmed are acknowledged and the rest in doubt ({@link PartialWriteException}).
         */
        @Override
        public void write(long[] ids, int n) throws Exception {
            int d = tally.tally(ids, n);
            if (writeKeys.length < d) {
                writeKeys = new String[d];
                votes = new long[d];
                landed = new boolean[d];
            }
            for (int i = 0; i < d; i++) {
                writeKeys[i] = keys.count(tally.article(i));
                votes[i] = tally.votes(i);
            }
            MemcachedUnavailableException failure = client.incrOrStart(writeKeys, votes, d, landed);
            if (failure != null) {
                long confirmed = 0;
                long inDoubt = 0;
                for (int i = 0; i < d; i++) {
                    confirmed += landed[i] ? votes[i] : 0;
                    inDoubt += landed[i] ? 0 : votes[i];
                }
                throw new PartialWriteException(confirmed, inDoubt, failure);
            }
        }

        @Override
        public void abort() {
            client.close();
        }

        @Override
        public void close() {
            client.close();
        }
    }
}
